import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Its own config: the reactRouter() plugin must not run under Vitest.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "tests/api/**/*.test.ts", "tests/budget/**/*.test.ts"],
    setupFiles: ["tests/setup-db.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
