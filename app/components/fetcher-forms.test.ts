import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Decision 0097: a fetcher's form is <Form navigate={false} fetcherKey={key}>, never `fetcher.Form`
// (its forwardRef wrapper cost a list page ~5 % of its server render).
const APP = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [file] : [];
  });
}

describe("fetcher forms", () => {
  const files = sources(APP);

  it("are rendered by <Form navigate={false} fetcherKey>, not by a fetcher's own Form", () => {
    expect(files.length).toBeGreaterThan(50);
    const wrapped = files.filter((file) => /<\w+\.Form\b/.test(fs.readFileSync(file, "utf8")));
    expect(wrapped.map((file) => path.relative(APP, file))).toEqual([]);
  });
});
