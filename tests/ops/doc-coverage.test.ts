// Every command block of docs/operations.md and of the README is run by some test: a block under a
// heading that tests/ops/doc-sections.ts gives to no test fails here, as does a section named there
// that no longer has a block (or no longer exists). The variables a page states are named once.
import { describe, expect, it } from "vitest";
import { commandBlocks, statedVariables } from "./doc-runner.ts";
import { OPERATIONS, RUN_ELSEWHERE, RUN_HERE } from "./doc-sections.ts";

const PAGES = [OPERATIONS, "README.md"];
const owned = new Set([...RUN_HERE.map((section) => `${OPERATIONS}#${section}`), ...Object.keys(RUN_ELSEWHERE)]);

describe("the pages' command blocks", () => {
  it("are each run by a test (by their heading or one they sit under)", () => {
    const blocks = PAGES.flatMap(commandBlocks).filter((b) => b.info !== "variables");
    expect(blocks.length).toBeGreaterThan(8);
    const unowned = blocks.filter((b) => !b.headings.some((h) => owned.has(`${b.file}#${h}`))).map((b) => `${b.file}:${b.line} (${b.section})`);
    expect(unowned).toEqual([]);
  });

  it("name no section that has no block, except one another test has yet to fill", () => {
    const withBlocks = new Set(PAGES.flatMap(commandBlocks).flatMap((b) => b.headings.map((h) => `${b.file}#${h}`)));
    // The warm standby's section comes with its own test, on another branch until merged.
    expect([...owned].filter((key) => !withBlocks.has(key) && key !== `${OPERATIONS}#Warm standby`)).toEqual([]);
  });

  it("state each variable once (in the sections run here)", () => {
    const names = statedVariables(commandBlocks(OPERATIONS).filter((b) => !b.headings.some((h) => `${OPERATIONS}#${h}` in RUN_ELSEWHERE)));
    expect(names).toContain("PREFIX");
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });
});
