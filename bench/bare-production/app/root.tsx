// The bare page's root (bench/bare), unchanged.
export { default, Layout } from "../../bare/app/root.tsx";
