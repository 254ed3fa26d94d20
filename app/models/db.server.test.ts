import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { recordStatements } from "../../tests/support/statements.ts";
import { groupCommit, writeTransaction } from "./db.server.ts";

// groupCommit on the test's real SQLite file: which statements ran and which rows are there after.

beforeAll(() => {
  getDb().$client.exec("CREATE TABLE IF NOT EXISTS group_commit_rows (v TEXT NOT NULL)");
});
beforeEach(() => {
  getDb().$client.exec("DELETE FROM group_commit_rows");
});

const insert = (v: string) => () => {
  getDb().$client.prepare("INSERT INTO group_commit_rows (v) VALUES (?)").run(v);
  return v;
};
const rows = () => getDb().$client.prepare("SELECT v FROM group_commit_rows ORDER BY rowid").pluck().all() as string[];
const count = (statements: string[], prefix: string) => statements.filter((s) => s.startsWith(prefix)).length;

describe("groupCommit", () => {
  it("commits the writes queued in one turn of the event loop in one transaction, in order", async () => {
    const { result, statements } = await recordStatements(() => Promise.all(["a", "b", "c", "d"].map((v) => groupCommit(insert(v)))));
    expect(result).toEqual(["a", "b", "c", "d"]);
    expect(rows()).toEqual(["a", "b", "c", "d"]);
    expect(statements.filter((s) => s.startsWith("BEGIN"))).toEqual(["BEGIN IMMEDIATE"]);
    expect(count(statements, "COMMIT")).toBe(1);
    // Each in its own savepoint.
    expect(count(statements, "SAVEPOINT")).toBe(4);
  });

  it("runs a lone write in its own transaction, without a savepoint", async () => {
    const { result, statements } = await recordStatements(() => groupCommit(insert("alone")));
    expect(result).toBe("alone");
    expect(rows()).toEqual(["alone"]);
    expect(count(statements, "BEGIN")).toBe(1);
    expect(count(statements, "SAVEPOINT")).toBe(0);
  });

  it("commits writes queued in different turns separately", async () => {
    const { statements } = await recordStatements(async () => {
      await groupCommit(insert("first"));
      await groupCommit(insert("second"));
    });
    expect(rows()).toEqual(["first", "second"]);
    expect(count(statements, "BEGIN")).toBe(2);
  });

  it("rolls back a write that throws alone: its promise rejects, the others commit", async () => {
    const failing = () => {
      insert("half-done")();
      throw new Error("no such post");
    };
    const outcomes = await Promise.allSettled([groupCommit(insert("a")), groupCommit(failing), groupCommit(insert("c"))]);
    expect(outcomes.map((o) => o.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error("no such post"));
    expect(rows()).toEqual(["a", "c"]);
  });

  it("refuses to be called inside a transaction, whose all-or-nothing it would escape", () => {
    expect(() => writeTransaction(() => groupCommit(insert("escaped")))).toThrow("groupCommit cannot run inside a transaction.");
    expect(rows()).toEqual([]);
  });

  it("rejects the whole group when its transaction ends early, and keeps none of it", async () => {
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
