import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Its own config: the reactRouter() plugin must not run under Vitest.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.ts", "db/**/*.test.ts", "tests/api/**/*.test.ts", "tests/budget/**/*.test.ts", "tests/docs/**/*.test.ts", "tests/ops/**/*.test.ts"],
    // The run with every memo off (.ci/run) asks for the same answers; the bytes a page ships do not
    // depend on the memos, so the JS budgets (a minute of Chromium) run once.
    ...(process.env.MEMO === "off" ? { exclude: ["**/node_modules/**", "tests/budget/**", "tests/ops/**"] } : {}),
    setupFiles: ["tests/setup-db.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
