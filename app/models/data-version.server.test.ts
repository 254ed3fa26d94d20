import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, withSqlFunctions } from "#db/client.server.ts";
import { setMemoForTests } from "~/integrations/env.server.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { cacheClock, undeclaredCache } from "./data-version.server.ts";
import { cacheRegistry, declareCache, laggingSince, lagMark, noteLagging } from "./cache-registry.server.ts";
import { writeTransaction } from "./db.server.ts";

// Another worker of WORKERS=N: its own connection to the same file.
// Another worker's connection, with the SQL functions every connection has (the triggers call them).
const other = withSqlFunctions(new Database(process.env.DATABASE_PATH!));
other.pragma("busy_timeout = 5000");
afterAll(() => other.close());

const realNow = cacheClock.now;
afterEach(() => {
  cacheClock.now = realNow;
});

/** Lets the current turn end, as the next request would (the other workers' version is read once a turn). */
const nextRequest = () => new Promise<void>((resolve) => setImmediate(resolve));

function counting<V>(value: () => V) {
  let computed = 0;
  return {
    load: () => {
      computed++;
      return value();
    },
    get computed() {
      return computed;
    },
  };
}

const titleOf = (id: number) => getDb().$client.prepare("SELECT title FROM posts WHERE id = ?").pluck().get(id) as string;

describe("versionedCache", () => {
  // The cache's own rules, whatever MEMO says (its last test is MEMO=off).
  beforeAll(() => setMemoForTests(true));
  afterAll(() => setMemoForTests(undefined));

  it("keeps a value until this worker writes to one of its tables, then reads afresh at once", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "first" });
    const cache = undeclaredCache<number, string>({ name: "post-lists", tables: ["posts"], maxWeight: 10 });
    const source = counting(() => titleOf(post.id));
    expect(cache.get(post.id, source.load)).toBe("first");
    expect(cache.get(post.id, source.load)).toBe("first");
    expect(source.computed).toBe(1);

    // A table it does not read from: still kept.
    makeUser();
    expect(cache.get(post.id, source.load)).toBe("first");
    expect(source.computed).toBe(1);

    getDb().$client.prepare("UPDATE posts SET title = 'second' WHERE id = ?").run(post.id);
    expect(cache.get(post.id, source.load)).toBe("second");
    expect(source.computed).toBe(2);
  });

  it("watches only the columns it names", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "named" });
    const cache = undeclaredCache<number, string>({ name: "post-lists", tables: ["posts:title"], maxWeight: 10 });
    const source = counting(() => titleOf(post.id));
    cache.get(post.id, source.load);
    getDb().$client.prepare("UPDATE posts SET upvotes = upvotes + 1 WHERE id = ?").run(post.id);
    expect(cache.get(post.id, source.load)).toBe("named");
    expect(source.computed).toBe(1);
    getDb().$client.prepare("UPDATE posts SET title = 'renamed' WHERE id = ?").run(post.id);
    expect(cache.get(post.id, source.load)).toBe("renamed");
  });

  it("sees another connection's commit at the next request when it allows no lag", async () => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "before" });
    const cache = undeclaredCache<number, string>({ name: "post-lists", tables: ["posts"], maxWeight: 10 });
    expect(cache.get(post.id, () => titleOf(post.id))).toBe("before");
    other.prepare("UPDATE posts SET title = 'after' WHERE id = ?").run(post.id);
    await nextRequest();
    expect(cache.get(post.id, () => titleOf(post.id))).toBe("after");
  });

  it("shows another connection's commit within staleMs, and this worker's own writes at once", async () => {
    let now = 1_000_000;
    cacheClock.now = () => now;
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "one" });
    const cache = undeclaredCache<number, string>({ name: "post-lists", tables: ["posts"], maxWeight: 10, staleMs: 5_000 });
    expect(cache.get(post.id, () => titleOf(post.id))).toBe("one");

    other.prepare("UPDATE posts SET title = 'two' WHERE id = ?").run(post.id);
    await nextRequest();
    const mark = lagMark();
    expect(cache.get(post.id, () => titleOf(post.id))).toBe("one");
    // Given after another process's commit: says until when it may lag (from when it was made).
    expect(laggingSince(mark)).toBe(now + 5_000);
    now += 4_999;
    // Within the stated lag the old value may still be served …
    expect(cache.get(post.id, () => titleOf(post.id))).toBe("one");
    now += 1;
    // … and at the lag it is not.
    expect(cache.get(post.id, () => titleOf(post.id))).toBe("two");

    getDb().$client.prepare("UPDATE posts SET title = 'three' WHERE id = ?").run(post.id);
    expect(cache.get(post.id, () => titleOf(post.id))).toBe("three");
  });

  it("lets its own writes lag by localStaleMs when asked, and makes values again after maxAgeMs", () => {
    let now = 2_000_000;
    cacheClock.now = () => now;
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "alpha" });
    const lagging = undeclaredCache<number, string>({ name: "post-lists", tables: ["posts"], maxWeight: 10, localStaleMs: 5_000 });
    const aging = undeclaredCache<number, number>({ name: "post-lists", tables: ["posts"], maxWeight: 10, maxAgeMs: 60_000 });
    lagging.get(post.id, () => titleOf(post.id));
    let made = 0;
    aging.get(post.id, () => ++made);

    getDb().$client.prepare("UPDATE posts SET title = 'beta' WHERE id = ?").run(post.id);
    const mark = lagMark();
    expect(lagging.get(post.id, () => titleOf(post.id))).toBe("alpha");
    expect(laggingSince(mark)).toBe(now + 5_000);
    now += 5_000;
    const after = lagMark();
    expect(lagging.get(post.id, () => titleOf(post.id))).toBe("beta");
    expect(laggingSince(after)).toBe(Number.POSITIVE_INFINITY); // made afresh: nothing lags

    expect(aging.get(post.id, () => ++made)).toBe(2); // the write above
    now += 59_999;
    expect(aging.get(post.id, () => ++made)).toBe(2);
    now += 1;
    expect(aging.get(post.id, () => ++made)).toBe(3);
  });

  it("keeps nothing read inside a write transaction (it may roll back)", () => {
    const cache = undeclaredCache<string, number>({ name: "post-lists", tables: ["posts"], maxWeight: 10 });
    let made = 0;
    writeTransaction(() => cache.get("k", () => ++made));
    expect(cache.get("k", () => ++made)).toBe(2);
    expect(cache.get("k", () => ++made)).toBe(2);
  });

  it("stays within maxWeight, dropping the least recently used", () => {
    const cache = undeclaredCache<string, number[]>({ name: "post-lists", tables: ["posts"], maxWeight: 5, weigh: (v) => v.length });
    cache.get("a", () => [1, 2]);
    cache.get("b", () => [1, 2]);
    cache.get("a", () => [9]); // used again: b is now the oldest
    cache.get("c", () => [1, 2]);
    expect(cache.size).toBe(2);
    expect(cache.get("a", () => [0])).toEqual([1, 2]);
    expect(cache.get("b", () => [0])).toEqual([0]);
    // A value heavier than the whole cache is returned, not kept.
    expect(cache.get("huge", () => [1, 2, 3, 4, 5, 6])).toHaveLength(6);
    expect(cache.get("huge", () => [])).toEqual([]);
  });

  it("keeps nothing with MEMO=off: the value is made at every read, and frozen all the same", () => {
    setMemoForTests(false);
    try {
      const cache = undeclaredCache<string, { n: number }>({ name: "post-lists", tables: ["posts"], maxWeight: 10, staleMs: 60_000, freeze: true });
      let made = 0;
      const first = cache.get("k", () => ({ n: ++made }));
      expect(cache.get("k", () => ({ n: ++made }))).toEqual({ n: 2 });
      expect(cache.size).toBe(0);
      expect(Object.isFrozen(first)).toBe(true);
    } finally {
      setMemoForTests(true);
    }
  });
});

describe("the log of lagging values", () => {
  it("gives the earliest deadline noted since a mark, and says when it no longer knows", () => {
    const mark = lagMark();
    expect(laggingSince(mark)).toBe(Number.POSITIVE_INFINITY);
    noteLagging(9_000);
    noteLagging(7_000);
    noteLagging(7_000);
    const later = lagMark();
    noteLagging(8_000);
    expect(laggingSince(mark)).toBe(7_000);
    expect(laggingSince(later)).toBe(8_000);
    for (let i = 0; i < 100; i++) noteLagging(10_000 + i);
    expect(laggingSince(mark)).toBe(Number.NEGATIVE_INFINITY);
  });

  it("refuses a second cache of the same name", () => {
    const declaration = { name: "post" as const, tables: ["posts"], staleMs: 0, localStaleMs: 0, kind: "memory" as const };
    if (!cacheRegistry.has("post")) declareCache(declaration);
    expect(() => declareCache(declaration)).toThrow("Two caches are named post");
  });
});
