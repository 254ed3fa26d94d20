// Rollups: results kept as rows, made again by the first reader after ROLLUP_LAG_MS, written only
// when they changed, shared with every process (here: a second connection plays another worker).
import Database from "better-sqlite3";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { getDb, withSqlFunctions } from "#db/client.server.ts";
import { setMemoForTests } from "~/integrations/env.server.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { cacheClock, databaseVersion } from "./data-version.server.ts";
import { laggingSince, lagMark } from "./cache-registry.server.ts";
import { writeTransaction } from "./db.server.ts";
import { forgetRollupChecks, rollup, ROLLUP_LAG_MS } from "./rollup.server.ts";

// Another worker's connection, with the SQL functions every connection has (the triggers call them).
const other = withSqlFunctions(new Database(process.env.DATABASE_PATH!));
other.pragma("busy_timeout = 5000");
const realNow = cacheClock.now;
let now = 50_000_000;
cacheClock.now = () => now;
afterAll(() => {
  other.close();
  cacheClock.now = realNow;
});

let result: unknown;
let made = 0;
const make = () => {
  made++;
  return result;
};
const row = (name: string) => other.prepare("SELECT data, made_at AS madeAt FROM rollups WHERE name = ?").get(name) as { data: string; madeAt: number } | undefined;
// What another process sees move when this one commits.
const othersDataVersion = () => other.pragma("data_version", { simple: true }) as number;

let name = "";
let serial = 0;
beforeEach(() => {
  name = `test-rollup-${++serial}`;
  made = 0;
  result = [{ id: 1, upvotes: 3 }];
  forgetRollupChecks();
});

describe("a rollup", () => {
  it("is made by the first reader and kept as a row, then read from it for 5 s", () => {
    expect(rollup(name, make)).toEqual([{ id: 1, upvotes: 3 }]);
    expect(made).toBe(1);
    expect(row(name)).toEqual({ data: '[{"id":1,"upvotes":3}]', madeAt: now });
    now += ROLLUP_LAG_MS - 1;
    const read = rollup(name, make);
    expect(read).toEqual([{ id: 1, upvotes: 3 }]);
    expect(made).toBe(1);
    // Each reader gets its own copy.
    expect(rollup(name, make)).not.toBe(read);
  });

  it("is made again once 5 s old, and written only when it changed", () => {
    rollup(name, make);
    const firstVersion = othersDataVersion();
    now += ROLLUP_LAG_MS;
    rollup(name, make);
    expect(made).toBe(2);
    // Unchanged: the row and the data version stay (the answer memo keeps its answers).
    expect(row(name)?.madeAt).toBe(now - ROLLUP_LAG_MS);
    expect(othersDataVersion()).toBe(firstVersion);
    // This process found it true just now: not made again for 5 s, though its row is older.
    now += ROLLUP_LAG_MS - 1;
    rollup(name, make);
    expect(made).toBe(2);

    now += 1;
    result = [{ id: 2, upvotes: 4 }];
    expect(rollup(name, make)).toEqual([{ id: 2, upvotes: 4 }]);
    expect(made).toBe(3);
    expect(row(name)).toEqual({ data: '[{"id":2,"upvotes":4}]', madeAt: now });
    expect(othersDataVersion()).not.toBe(firstVersion);
  });

  it("is shared: a row another process made less than 5 s ago is read, not made again", () => {
    other.prepare("INSERT INTO rollups (name, data, made_at) VALUES (?, ?, ?)").run(name, '["made elsewhere"]', now - 1_000);
    expect(rollup(name, make)).toEqual(["made elsewhere"]);
    expect(made).toBe(0);
    // Another process's row older than 5 s: this one makes it again (and, changed, writes it).
    other.prepare("UPDATE rollups SET made_at = ? WHERE name = ?").run(now - ROLLUP_LAG_MS, name);
    expect(rollup(name, make)).toEqual([{ id: 1, upvotes: 3 }]);
    expect(made).toBe(1);
    expect(row(name)?.madeAt).toBe(now);
  });

  it("is served but not written inside a transaction (it may roll back, and the write is not the rollup's)", () => {
    writeTransaction(() => {
      expect(rollup(name, make)).toEqual([{ id: 1, upvotes: 3 }]);
    });
    expect(row(name)).toBeUndefined();
    // Nor remembered as checked: the next reader outside makes and writes it.
    rollup(name, make);
    expect(made).toBe(2);
    expect(row(name)?.madeAt).toBe(now);
  });

  it("is served when it cannot be written: another writer holds the lock, or the database is read-only", () => {
    const sqlite = getDb().$client;
    other.exec("BEGIN IMMEDIATE");
    try {
      const started = performance.now();
      expect(rollup(name, make)).toEqual([{ id: 1, upvotes: 3 }]);
      // It waited a moment for the lock, not the 5 s a write waits.
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      other.exec("ROLLBACK");
    }
    expect(row(name)).toBeUndefined();
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);

    // A row left behind by a failed write is not served as if it had been checked: made again.
    other.prepare("INSERT INTO rollups (name, data, made_at) VALUES (?, '[\"old\"]', ?)").run(name, now - ROLLUP_LAG_MS);
    sqlite.pragma("query_only = ON");
    try {
      expect(rollup(name, make)).toEqual([{ id: 1, upvotes: 3 }]);
      expect(rollup(name, make)).toEqual([{ id: 1, upvotes: 3 }]);
    } finally {
      sqlite.pragma("query_only = OFF");
    }
    expect(row(name)?.data).toBe('["old"]');
    expect(made).toBe(3);
  });

  it("says when a row it gives may lag, and until when: the answer memo keeps no page made from it longer", () => {
    const source = { name: "top-contributors", tables: ["posts"] } as const;
    const author = makeUser();
    rollup(name, make, source);
    const mark = lagMark();
    now += 1_000;
    // Nothing it reads was written since this process made it: fresh.
    rollup(name, make, source);
    expect(laggingSince(mark)).toBe(Number.POSITIVE_INFINITY);
    // This process writes a post: the row is still given (for its 5 s), noted as lagging until then.
    makePost({ userId: author.id });
    rollup(name, make, source);
    expect(made).toBe(1);
    expect(laggingSince(mark)).toBe(now - 1_000 + ROLLUP_LAG_MS);
    // A row another process made: this one cannot tell what it was made from.
    const next = lagMark();
    other.prepare("INSERT INTO rollups (name, data, made_at) VALUES (?, ?, ?)").run(`${name}-elsewhere`, "[]", now - 2_000);
    rollup(`${name}-elsewhere`, make, source);
    expect(laggingSince(next)).toBe(now - 2_000 + ROLLUP_LAG_MS);
  });

  it("behaves the same with MEMO=off: it is data, not a memo", () => {
    setMemoForTests(false);
    try {
      rollup(name, make);
      const version = databaseVersion().local;
      now += ROLLUP_LAG_MS - 1;
      expect(rollup(name, make)).toEqual([{ id: 1, upvotes: 3 }]);
      expect(made).toBe(1);
      expect(databaseVersion().local).toBe(version);
    } finally {
      setMemoForTests(undefined);
    }
  });
});
