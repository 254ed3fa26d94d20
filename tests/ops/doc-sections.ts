// Which test runs each section of the pages whose commands must work as written (tests/ops/doc-runner.ts).
// tests/ops/doc-coverage.test.ts fails when a section with a command block is in none of these.
export const OPERATIONS = "docs/operations.md";

/** The sections of docs/operations.md that tests/ops/operations-doc.test.ts runs, each at least once. */
export const RUN_HERE = ["The settings", "The app and Litestream", "nginx", "Metrics and logs", "Restoring", "As it was at a time", "On a new box"];

/** Sections whose commands another test (or the suite's own run) carries out, and which. */
export const RUN_ELSEWHERE: Record<string, string> = {
  [`${OPERATIONS}#The code`]: "the suite's own run: .ci/run does `npm ci` in a fresh checkout, `npm test` runs `npm run build`",
  [`${OPERATIONS}#Warm standby`]: "the warm standby's own test, which runs that section's blocks",
  "README.md#Chortle": "tests/ops/readme.test.ts (`npm start` in a terminal; `npm install` and `npm test` are the suite's own run)",
};
