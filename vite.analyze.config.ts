import base from "./vite.config.ts";
export default { ...base, build: { sourcemap: true } };
