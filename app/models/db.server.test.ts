import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { groupCommit } from "./db.server.ts";

// groupCommit on the test's real SQLite file: which statements ran (better-sqlite3's Statement
// methods, counted by their SQL) and which rows are there afterwards.

type Run = (...args: unknown[]) => unknown;
let ran: string[] = [];
let restore: () => void;

beforeAll(() => {
  getDb().$client.exec("CREATE TABLE IF NOT EXISTS group_commit_rows (v TEXT NOT NULL)");
});

function countStatements() {
  ran = [];
  const proto = Object.getPrototypeOf(getDb().$client.prepare("SELECT 1")) as Record<"run" | "get" | "all", Run>;
  const originals = { run: proto.run, get: proto.get, all: proto.all };
  for (const name of ["run", "get", "all"] as const) {
    proto[name] = function (this: { source: string }, ...args: unknown[]) {
      ran.push(this.source);
      return originals[name].apply(this, args);
    };
  }
  restore = () => Object.assign(proto, originals);
}
afterEach(() => restore?.());

const insert = (v: string) => () => {
  getDb().$client.prepare("INSERT INTO group_commit_rows (v) VALUES (?)").run(v);
  return v;
};
const rows = () => (getDb().$client.prepare("SELECT v FROM group_commit_rows ORDER BY rowid").pluck().all() as string[]);
const begins = () => ran.filter((s) => s.startsWith("BEGIN")).length;
const savepoints = () => ran.filter((s) => s.startsWith("SAVEPOINT")).length;

describe("groupCommit", () => {
  it("commits the writes queued in one turn of the event loop in one transaction, in order", async () => {
    getDb().$client.exec("DELETE FROM group_commit_rows");
    countStatements();
    const results = await Promise.all(["a", "b", "c", "d"].map((v) => groupCommit(insert(v))));
    expect(results).toEqual(["a", "b", "c", "d"]);
    expect(rows()).toEqual(["a", "b", "c", "d"]);
    expect(begins()).toBe(1);
    expect(ran.filter((s) => s === "BEGIN IMMEDIATE")).toHaveLength(1);
    expect(ran.filter((s) => s === "COMMIT")).toHaveLength(1);
    // Each in its own savepoint.
    expect(savepoints()).toBe(4);
  });

  it("runs a lone write in its own transaction, without a savepoint", async () => {
    getDb().$client.exec("DELETE FROM group_commit_rows");
    countStatements();
    expect(await groupCommit(insert("alone"))).toBe("alone");
    expect(rows()).toEqual(["alone"]);
    expect(begins()).toBe(1);
    expect(savepoints()).toBe(0);
  });

  it("commits writes queued in different turns separately", async () => {
    getDb().$client.exec("DELETE FROM group_commit_rows");
    countStatements();
    await groupCommit(insert("first"));
    await groupCommit(insert("second"));
    expect(rows()).toEqual(["first", "second"]);
    expect(begins()).toBe(2);
  });

  it("rolls back a write that throws alone: its promise rejects, the others commit", async () => {
    getDb().$client.exec("DELETE FROM group_commit_rows");
    const failing = () => {
      insert("half-done")();
      throw new Error("no such post");
    };
    const outcomes = await Promise.allSettled([groupCommit(insert("a")), groupCommit(failing), groupCommit(insert("c"))]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error("no such post"));
    expect(rows()).toEqual(["a", "c"]);
  });

  it("rejects the whole group when its transaction ends early, and keeps none of it", async () => {
    getDb().$client.exec("DELETE FROM group_commit_rows");
    // A write that ends the transaction (as SQLite does itself on some I/O errors).
    const endsIt = () => getDb().$client.prepare("ROLLBACK").run();
    const outcomes = await Promise.allSettled([groupCommit(insert("a")), groupCommit(endsIt), groupCommit(insert("c"))]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(rows()).toEqual([]);
    expect(getDb().$client.inTransaction).toBe(false);
    // The next write works as usual.
    expect(await groupCommit(insert("after"))).toBe("after");
    expect(rows()).toEqual(["after"]);
  });
});
