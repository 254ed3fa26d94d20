// The bare page's one route (bench/bare), unchanged.
export { default, loader, meta } from "../../../bare/app/routes/home.tsx";
