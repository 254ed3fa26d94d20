import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.server.ts";

// SQLite's synchronous setting: 1 = NORMAL, 2 = FULL.
describe("DURABILITY", () => {
  const file = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "chortle-durability-")), "app.db");
  const synchronous = (durability?: "normal" | "full") =>
    openDatabase(file(), durability ? { durability } : {}).$client.pragma("synchronous", { simple: true });

  it("normal by default: a commit survives a process crash (WAL, synchronous NORMAL)", () => {
    expect(synchronous()).toBe(1);
    expect(synchronous("normal")).toBe(1);
  });

  it("full: every commit is fsynced (synchronous FULL)", () => {
    expect(synchronous("full")).toBe(2);
  });
});
