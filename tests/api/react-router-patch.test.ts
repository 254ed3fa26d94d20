// The React Router patch (patches/README.md, decision 0082): written for the installed version, and a
// server build without its eight edits fails (vite.react-router.ts), naming the ones it lacks.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { reactRouterServerPatches } from "../../vite.react-router.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FILE = path.join(ROOT, "node_modules/react-router/dist/production/chunk-Q34X6AWR.mjs");

type Hooks = {
  transform: (code: string, id: string, options: { ssr: boolean }) => unknown;
  buildEnd: (this: unknown, error?: Error) => void;
};
const server = { environment: { config: { consumer: "server", define: { __CHORTLE_SERVER_EDITS__: "true" } } } };

describe("the React Router patch", () => {
  it("is written for the installed React Router, and node_modules has it applied", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/react-router/package.json"), "utf8"));
    expect(fs.existsSync(path.join(ROOT, `patches/react-router+${version}.patch`))).toBe(true);
    expect(fs.readFileSync(FILE, "utf8")).toContain("// Chortle edit 1 (patches/README.md)");
  });

  it("fails the server build when React Router's code lacks an edit, and names it", () => {
    const plugin = reactRouterServerPatches() as unknown as Hooks;
    const marks = [1, 2, 3, 5, 6, 7, 8].map((n) => `// Chortle edit ${n} (patches/README.md)`).join("\n");
    plugin.transform(marks, FILE, { ssr: true });
    expect(() => plugin.buildEnd.call(server)).toThrow(/lacks edit 4 of patches/);
  });

  it("passes a server build that has all eight, and leaves the browser's build alone", () => {
    const plugin = reactRouterServerPatches() as unknown as Hooks;
    const marks = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `// Chortle edit ${n} (patches/README.md)`).join("\n");
    plugin.transform(marks, FILE, { ssr: false });
    expect(() => plugin.buildEnd.call({ environment: { config: { consumer: "client" } } })).not.toThrow();
    plugin.transform(marks, FILE, { ssr: true });
    expect(() => plugin.buildEnd.call(server)).not.toThrow();
    const off = { environment: { config: { consumer: "server", define: { __CHORTLE_SERVER_EDITS__: "false" } } } };
    expect(() => plugin.buildEnd.call(off)).toThrow(/does not define __CHORTLE_SERVER_EDITS__ as true/);
  });
});
