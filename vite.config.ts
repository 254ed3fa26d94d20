import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { appChunks, withoutPreloadHelper } from "./vite.chunks.ts";
import { reactRouterServerPatches } from "./vite.react-router.ts";

// React Router's package sends every Node import to its development build (its exports have no
// production condition): the server build takes the production one instead, bundled, and
// server/react-router.js gets its request handler from the build (docs/decisions/0082). The browser
// build takes it too (the same code without its development warnings, ~0.7 KB gz less on every page);
// `npm run dev` keeps the warnings.
const reactRouterProduction = fileURLToPath(new URL("./node_modules/react-router/dist/production/index.mjs", import.meta.url));
const reactRouterDomProduction = fileURLToPath(new URL("./node_modules/react-router/dist/production/dom-export.mjs", import.meta.url));

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths(), withoutPreloadHelper(), reactRouterServerPatches()],
  // The browser build (JS per page: bench/route-assets.ts, docs/decisions/0040-grouped-chunks.md): a few larger chunks instead of
  // one per shared module (every file costs its own gzip header, window and import list), and no
  // preload helper for `import()`: React Router preloads the route modules from its manifest, and
  // the lazy parts (app/components/lazy.tsx) mostly need chunks the page already has. terser with two
  // passes makes every page ~3 KB smaller than esbuild's minifier (`/` 122.2 → 119.4 KB gz).
  build: isSsrBuild
    ? {}
    : {
        modulePreload: false,
        minify: "terser",
        terserOptions: { compress: { passes: 2 } },
        rollupOptions: { output: { manualChunks: appChunks() } },
      },
  ...(isSsrBuild || command === "build"
    ? { resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }, ...(isSsrBuild ? [] : [{ find: /^react-router\/dom$/, replacement: reactRouterDomProduction }])] } }
    : {}),
  optimizeDeps: { exclude: ["@node-rs/argon2", "better-sqlite3"] },
  ssr: {
    // Native modules stay outside the bundle (resvg-js: its binary comes in an optional package per platform).
    external: ["@node-rs/argon2", "better-sqlite3", "@resvg/resvg-js"],
    ...(isSsrBuild ? { noExternal: ["react-router", "@react-router/node"] } : {}),
  },
}));
