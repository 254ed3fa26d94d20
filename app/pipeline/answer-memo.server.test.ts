import Database from "better-sqlite3";
import type { EntryContext } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { setMemoForTests } from "~/integrations/env.server.ts";
import { cacheClock, databaseVersion } from "~/models/data-version.server.ts";
import { longestStaleMs, noteLagging } from "~/models/cache-registry.server.ts";
import "~/models/post/index.server.ts"; // the caches with the longest lags, as in the server
import { recordPostRead } from "~/models/mute/hide.server.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { answerKey, clearAnswers, expectAnswer, keepAnswer, memoAnswer, memoisable, VISITOR_LAG_MS } from "./answer-memo.server.ts";

// Another worker of WORKERS=N: its own connection to the same file.
const other = new Database(process.env.DATABASE_PATH!);
other.pragma("busy_timeout = 5000");
afterAll(() => other.close());

// The memo's own rules, whatever MEMO says (its last test is MEMO=off).
beforeAll(() => setMemoForTests(true));
afterAll(() => setMemoForTests(undefined));

const realNow = cacheClock.now;
let now = 1_000 * 60_000;
beforeEach(() => {
  clearAnswers();
  cacheClock.now = () => now;
  // Another process's last commit seen long enough ago that no cache may lag behind it.
  expectAnswer(new Request("http://x/"), "settle");
  now += longestStaleMs();
});
afterEach(() => {
  cacheClock.now = realNow;
});

/** Lets the current turn end, as the next request would (the other workers' version is read once a turn). */
const nextRequest = () => new Promise<void>((resolve) => setImmediate(resolve));

// Route modules as React Router hands them to the entry: these say their answers may be kept.
const DECLARED = new Set(["root", "routes/home", "routes/post.$id"]);

function context(routes: string[], rootData: Record<string, unknown> = { share: null }): EntryContext {
  const routeModules = Object.fromEntries(routes.map((id) => [id, DECLARED.has(id) ? { handle: { memo: true } } : {}]));
  return {
    routeModules,
    staticHandlerContext: { matches: routes.map((id) => ({ route: { id } })), loaderData: { root: rootData } },
  } as unknown as EntryContext;
}
const HOME = ["root", "routes/home"];
const body = new TextEncoder().encode("<!DOCTYPE html><p>the feed</p>");
const headers = () => new Headers({ "Content-Type": "text/html; charset=utf-8", ETag: '"abc"' });

/** One request for `key`: the memo's answer, or a new one made (and offered to the memo). */
function answer(key: string, routes = HOME, make: () => void = () => {}, init = headers(), rootData?: Record<string, unknown>) {
  const kept = memoAnswer(key);
  if (kept) return "memo";
  const request = new Request("http://x/");
  expectAnswer(request, key);
  make();
  keepAnswer(request, context(routes, rootData), 200, init, body);
  return "made";
}

describe("the answer memo", () => {
  const key = answerKey("GET", "http://x/", undefined, "gzip")!;

  it("gives the same answer again while no row has changed, with its headers", () => {
    expect(answer(key)).toBe("made");
    expect(answer(key)).toBe("memo");
    expect(memoAnswer(key)).toMatchObject({ body, etag: '"abc"', headers: expect.arrayContaining([["etag", '"abc"']]) });
  });

  it("answers afresh after this worker writes to any table", () => {
    answer(key);
    makeUser();
    expect(answer(key)).toBe("made");
    expect(answer(key)).toBe("memo");
  });

  // A page that names no member (root's user null) is the same for every visitor: it may be given for
  // VISITOR_LAG_MS after a write, in the same minute. A member's page never outlives a write.
  const VISITOR = { share: null, user: null };
  const MEMBER = { share: null, user: { id: 1 } };
  const visitorAnswer = () => answer(key, HOME, () => {}, headers(), VISITOR);
  const startOfMinute = () => (now = (Math.floor(now / 60_000) + 1) * 60_000);

  it("gives a visitor's page for its lag after a write, then makes it afresh", () => {
    expect(VISITOR_LAG_MS).toBe(2_000);
    startOfMinute();
    expect(visitorAnswer()).toBe("made");
    makeUser();
    now += VISITOR_LAG_MS - 1;
    expect(visitorAnswer()).toBe("memo");
    now += 1;
    expect(visitorAnswer()).toBe("made");
    expect(visitorAnswer()).toBe("memo"); // the fresh one, kept with the new stamp
    makeUser();
    expect(visitorAnswer()).toBe("memo");
  });

  it("gives a member's page again only while nothing has changed", () => {
    startOfMinute();
    expect(answer(key, HOME, () => {}, headers(), MEMBER)).toBe("made");
    expect(answer(key, HOME, () => {}, headers(), MEMBER)).toBe("memo");
    makeUser();
    expect(answer(key, HOME, () => {}, headers(), MEMBER)).toBe("made");
  });

  // Issue 48: a member's first view of each post wrote a post_reads row, which moved the stamp: every
  // member's kept page was dropped at once and every visitor's after the lag, with no content changed.
  it("a member opening a post drops only that member's kept pages (decision 0165)", () => {
    startOfMinute();
    const author = makeUser();
    const post = makePost({ userId: author.id });
    const reader = makeUser();
    const READER = { share: null, user: { id: reader.id } };
    const OTHER = { share: null, user: { id: makeUser().id } };
    const readerKey = answerKey("GET", "http://x/", `session=${reader.id}`, "gzip")!;
    const otherKey = answerKey("GET", "http://x/", "session=other", "gzip")!;
    const readerAnswer = (make?: () => void) => answer(readerKey, HOME, make, headers(), READER);
    const otherAnswer = () => answer(otherKey, HOME, () => {}, headers(), OTHER);
    expect([visitorAnswer(), readerAnswer(), otherAnswer()]).toEqual(["made", "made", "made"]);
    const before = databaseVersion().local;
    recordPostRead({ userId: reader.id, postId: post.id });
    expect(databaseVersion().local).toBe(before);
    now += VISITOR_LAG_MS; // past a visitor's lag: only a moved stamp would make it again
    expect(visitorAnswer()).toBe("memo");
    expect(otherAnswer()).toBe("memo");
    // The reader's lists may leave the post out now ('Hide what I've read'): made afresh.
    expect(readerAnswer()).toBe("made");
    expect(readerAnswer()).toBe("memo");
    // Read again: nothing written, nothing dropped.
    recordPostRead({ userId: reader.id, postId: post.id });
    expect(readerAnswer()).toBe("memo");
    // A member's page made while a read was recorded is not kept (it may be from before the read).
    const next = makePost({ userId: author.id });
    clearAnswers();
    expect(readerAnswer(() => recordPostRead({ userId: reader.id, postId: next.id }))).toBe("made");
    expect(readerAnswer()).toBe("made");
    // Any other write still moves every page's stamp.
    makeUser();
    expect(otherAnswer()).toBe("made");
  });

  it("does not give a visitor's page from before a write into the next minute", () => {
    now = startOfMinute() - VISITOR_LAG_MS / 2;
    expect(visitorAnswer()).toBe("made");
    makeUser();
    now += VISITOR_LAG_MS / 2; // within the lag, but the page's clock has moved on
    expect(visitorAnswer()).toBe("made");
  });

  it("answers afresh at the next request after another worker's commit", async () => {
    makeUser();
    answer(key);
    other.prepare("UPDATE users SET bio = 'changed elsewhere' WHERE id = (SELECT MIN(id) FROM users)").run();
    await nextRequest();
    expect(answer(key)).toBe("made");
  });

  it("keeps nothing made while a cache may still lag behind another worker's commit", async () => {
    expect(longestStaleMs()).toBeGreaterThan(0); // the post lists' and search's stated lags
    makeUser();
    other.prepare("UPDATE users SET bio = 'changed again elsewhere' WHERE id = (SELECT MIN(id) FROM users)").run();
    await nextRequest();
    expect(answer(key)).toBe("made"); // the commit is seen now
    now += longestStaleMs() - 1;
    expect(answer(key)).toBe("made"); // a list made now may still be the one from before it
    now += 1;
    expect(answer(key)).toBe("made");
    expect(answer(key)).toBe("memo");
  });

  // The sidebar's 'Top Comments This Week' once let a page made from its lagging entry be kept under
  // the new stamp, until the next write or minute: a removed post stayed listed for up to a minute.
  it("gives a page made from a lagging value no longer than that value's lag, a member's and a visitor's", () => {
    for (const root of [MEMBER, VISITOR]) {
      clearAnswers();
      const lagging = () => noteLagging(now + 1_500); // a cache gave an entry a write may have made old
      expect(answer(key, HOME, lagging, headers(), root)).toBe("made");
      now += 1_499;
      expect(answer(key, HOME, () => {}, headers(), root)).toBe("memo");
      now += 1;
      expect(answer(key, HOME, () => {}, headers(), root)).toBe("made");
      expect(answer(key, HOME, () => {}, headers(), root)).toBe("memo");
      // A lag already over when the page is done: not kept at all.
      clearAnswers();
      expect(answer(key, HOME, () => noteLagging(now), headers(), root)).toBe("made");
      expect(answer(key, HOME, () => {}, headers(), root)).toBe("made");
    }
  });

  it("answers afresh when the minute changes (a page's clock)", () => {
    answer(key);
    now += 60_000;
    expect(answer(key)).toBe("made");
  });

  it("does not keep an answer when a row changed while it was made", () => {
    expect(answer(key, HOME, () => makeUser())).toBe("made");
    expect(answer(key)).toBe("made");
  });

  it("keeps a page only when every route it matches declares it (handle: { memo: true })", () => {
    expect(memoisable(context(HOME))).toBe(true);
    expect(answer(key, HOME)).toBe("made");
    expect(answer(key, HOME)).toBe("memo");
    clearAnswers();
    // The child does not declare it: its loader may read what a kept answer would not see change.
    expect(memoisable(context(["root", "routes/admin/layout"]))).toBe(false);
    expect(answer(key, ["root", "routes/admin/layout"])).toBe("made");
    expect(answer(key, ["root", "routes/admin/layout"])).toBe("made");
    // A declared route under a parent that does not declare it.
    expect(answer(key, ["routes/undeclared-layout", "routes/post.$id"])).toBe("made");
    expect(answer(key, ["routes/undeclared-layout", "routes/post.$id"])).toBe("made");
    // Only `true` counts.
    const said = (memo: unknown) =>
      memoisable({ routeModules: { root: { handle: { memo } } }, staticHandlerContext: { matches: [{ route: { id: "root" } }] } } as unknown as EntryContext);
    expect([said(true), said(false), said("yes"), said(undefined)]).toEqual([true, false, false, false]);
  });

  it("keeps only pure pages that set no cookie and have no share dialog open", () => {
    expect(answer(key, ["root", "routes/admin/layout", "routes/admin/dashboard"])).toBe("made");
    expect(answer(key, ["root", "routes/admin/layout", "routes/admin/dashboard"])).toBe("made");
    const withCookie = headers();
    withCookie.append("Set-Cookie", "toast=; Max-Age=0");
    expect(answer(key, HOME, () => {}, withCookie)).toBe("made");
    expect(answer(key, HOME, () => {}, withCookie)).toBe("made");
    const share = { share: { signedIn: false } };
    expect(answer(key, HOME, () => {}, headers(), share)).toBe("made");
    expect(answer(key, HOME, () => {}, headers(), share)).toBe("made");
  });

  it("keys by URL, cookies and encoding, and only GETs", () => {
    answer(key);
    expect(memoAnswer(answerKey("GET", "http://x/?sort=new", undefined, "gzip")!)).toBeUndefined();
    expect(memoAnswer(answerKey("GET", "http://x/", "chortle_session=abc", "gzip")!)).toBeUndefined();
    expect(memoAnswer(answerKey("GET", "http://x/", undefined, null)!)).toBeUndefined();
    expect(memoAnswer(answerKey("GET", "http://x/", undefined, "br")!)).toBeUndefined();
    expect(answerKey("HEAD", "http://x/", undefined, "gzip")).toBeNull();
    expect(answerKey("POST", "http://x/", undefined, "gzip")).toBeNull();
    expect(memoAnswer(key)).toBeDefined();
  });

  it("is not fooled by a write inside this worker's open transaction", () => {
    makeUser();
    answer(key);
    const db = getDb().$client;
    db.exec("BEGIN IMMEDIATE");
    try {
      db.prepare("UPDATE users SET bio = 'uncommitted' WHERE id = (SELECT MIN(id) FROM users)").run();
      expect(memoAnswer(key)).toBeUndefined();
    } finally {
      db.exec("ROLLBACK");
    }
  });

  it("keeps nothing with MEMO=off: no GET has a key, every request runs the loaders", () => {
    setMemoForTests(false);
    try {
      expect(answerKey("GET", "http://x/", undefined, "gzip")).toBeNull();
      expect(answer(key)).toBe("made");
      expect(answer(key)).toBe("made");
    } finally {
      setMemoForTests(true);
    }
  });
});
