import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// As the app's vite.config.ts: the server build takes React Router's production build, bundled.
const reactRouterProduction = fileURLToPath(new URL("../../node_modules/react-router/dist/production/index.mjs", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  ...(isSsrBuild ? { resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } } : {}),
  ssr: isSsrBuild ? { noExternal: ["react-router", "@react-router/node"] } : {},
}));
