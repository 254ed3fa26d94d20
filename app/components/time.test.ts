// Every date the site shows says its absolute date and time in its title: one component draws every
// <time> (ui/time.tsx), so a bare <time> elsewhere fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx$/.test(e.name) ? [full] : [];
  });
}

describe("dates", () => {
  it("are drawn by <Time> (with the absolute date in its title) in every component and route", () => {
    const bare = sources(APP).filter((f) => !f.endsWith(path.join("ui", "time.tsx")) && /<time[\s>]/.test(fs.readFileSync(f, "utf8")));
    expect(bare.map((f) => path.relative(APP, f))).toEqual([]);
  });
});
