import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  optimizeDeps: { exclude: ["@node-rs/argon2", "better-sqlite3"] },
  ssr: { external: ["@node-rs/argon2", "better-sqlite3"] },
});
