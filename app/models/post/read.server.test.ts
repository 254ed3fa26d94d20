import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { memoEnabled } from "~/integrations/env.server.ts";
import { recountAll } from "#db/recount.ts";
import { comments, posts, saves, users, votes } from "#db/schema.ts";
import { recordStatements } from "../../../tests/support/statements.ts";
import {
  countPostsByCategory,
  getPost,
  listCategoryPosts,
  listFeedPosts,
  listTopContributors,
  SEARCH_CAP,
  searchPosts,
  searchUsers,
} from "./index.server.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const NOW = Date.parse("2026-06-15T12:00:00Z");

let n = 0;
function user(username = `user${++n}`, displayName: string | null = null) {
  return getDb()
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: "x", displayName })
    .returning()
    .get();
}

type PostInput = Partial<typeof posts.$inferInsert> & { userId: number | null; ageMs?: number };
function postValues({ ageMs = HOUR, ...input }: PostInput) {
  return {
    title: "A post",
    comment: "A comment",
    commentAuthor: "@someone",
    videoId: "vid00000001",
    videoTitle: "A video",
    videoChannel: "A channel",
    videoThumbnail: "https://i.ytimg.com/vi/vid00000001/hqdefault.jpg",
    category: "Comedy",
    createdAt: new Date(NOW - ageMs),
    ...input,
  };
}

function post(input: PostInput) {
  return getDb().insert(posts).values(postValues(input)).returning().get();
}

/** Many posts in one statement (the triggers still index each one). */
function manyPosts(count: number, make: (i: number) => PostInput) {
  getDb()
    .insert(posts)
    .values(Array.from({ length: count }, (_, i) => postValues(make(i))))
    .run();
}

/** Real vote rows, then the counters and hot ranks recomputed from them (db/recount.ts). */
function vote(postId: number, up: number, down = 0, at = NOW - HOUR) {
  for (let i = 0; i < up + down; i++) {
    const voter = user();
    getDb()
      .insert(votes)
      .values({ userId: voter.id, postId, isUpvote: i < up, createdAt: new Date(at) })
      .run();
  }
}

const titles = (list: { title: string }[]) => list.map((p) => p.title);

beforeEach(() => {
  const db = getDb();
  db.run(sql`DELETE FROM votes`);
  db.run(sql`DELETE FROM saves`);
  db.run(sql`DELETE FROM comments`);
  db.run(sql`DELETE FROM posts`);
  db.run(sql`DELETE FROM users`);
});

describe("listFeedPosts", () => {
  it("orders new by creation time, top by score, and hot by Reddit's rank", () => {
    const a = user();
    const fresh = post({ userId: a.id, title: "fresh, 1 point", ageMs: HOUR });
    const popular = post({ userId: a.id, title: "a day old, 100 points", ageMs: DAY });
    const old = post({ userId: a.id, title: "a month old, 1000 points", ageMs: 30 * DAY });
    const disliked = post({ userId: a.id, title: "fresh, -5 points", ageMs: 2 * HOUR });
    vote(fresh.id, 1);
    vote(popular.id, 110, 10);
    vote(old.id, 1000);
    vote(disliked.id, 0, 5);
    recountAll(getDb());

    expect(titles(listFeedPosts({ sort: "new", limit: 10, now: NOW }))).toEqual([
      "fresh, 1 point",
      "fresh, -5 points",
      "a day old, 100 points",
      "a month old, 1000 points",
    ]);
    expect(titles(listFeedPosts({ sort: "top", limit: 10, now: NOW }))).toEqual([
      "a month old, 1000 points",
      "a day old, 100 points",
      "fresh, 1 point",
      "fresh, -5 points",
    ]);
    // Two orders of magnitude (+2) outweigh a day (−1.92); a month is −57.6.
    expect(titles(listFeedPosts({ sort: "hot", limit: 10, now: NOW }))).toEqual([
      "a day old, 100 points",
      "fresh, 1 point",
      "fresh, -5 points",
      "a month old, 1000 points",
    ]);
    const [first] = listFeedPosts({ sort: "top", limit: 1, now: NOW });
    expect(first).toMatchObject({ upvotes: 1000, downvotes: 0, score: 1000 });
  });

  it("ranks a newer post above an older one with the same score, and the hot column is indexed", () => {
    const a = user();
    const older = post({ userId: a.id, title: "older", ageMs: 3 * HOUR });
    const newer = post({ userId: a.id, title: "newer", ageMs: 2 * HOUR });
    vote(older.id, 5);
    vote(newer.id, 5);
    recountAll(getDb());
    expect(titles(listFeedPosts({ sort: "hot", limit: 10, now: NOW }))).toEqual(["newer", "older"]);
    const plan = getDb()
      .all<{ detail: string }>(sql`EXPLAIN QUERY PLAN SELECT id FROM posts ORDER BY hot DESC, id DESC LIMIT 10`)
      .map((r) => r.detail)
      .join(" ");
    expect(plan).toContain("posts_hot_idx");
    expect(plan).not.toContain("TEMP B-TREE");
  });

  it("keeps only the time range: today, this week, this month, this year", () => {
    const a = user();
    for (const [title, ageMs] of [
      ["12 hours", 12 * HOUR],
      ["3 days", 3 * DAY],
      ["20 days", 20 * DAY],
      ["200 days", 200 * DAY],
      ["2 years", 730 * DAY],
    ] as const) {
      post({ userId: a.id, title, ageMs });
    }
    const range = (timeframe: "today" | "week" | "month" | "year" | "all") =>
      titles(listFeedPosts({ sort: "new", timeframe, limit: 10, now: NOW }));
    expect(range("today")).toEqual(["12 hours"]);
    expect(range("week")).toEqual(["12 hours", "3 days"]);
    expect(range("month")).toEqual(["12 hours", "3 days", "20 days"]);
    expect(range("year")).toEqual(["12 hours", "3 days", "20 days", "200 days"]);
    expect(range("all")).toHaveLength(5);
  });

  it("filters by category and pages with limit and offset", () => {
    const a = user();
    for (let i = 1; i <= 7; i++) post({ userId: a.id, title: `music ${i}`, category: "Music", ageMs: i * HOUR });
    post({ userId: a.id, title: "gaming", category: "Gaming" });
    expect(titles(listFeedPosts({ sort: "new", category: "Music", limit: 3, now: NOW }))).toEqual([
      "music 1",
      "music 2",
      "music 3",
    ]);
    expect(titles(listFeedPosts({ sort: "new", category: "Music", limit: 3, offset: 3, now: NOW }))).toEqual([
      "music 4",
      "music 5",
      "music 6",
    ]);
    expect(titles(listFeedPosts({ sort: "new", category: "Gaming", limit: 10, now: NOW }))).toEqual(["gaming"]);
  });

  describe("the text filter (SPEC §5)", () => {
    beforeEach(() => {
      const alice = user("AliceWonder");
      const bob = user("bob");
      post({ userId: bob.id, title: "Grandma's PICKLE jar", ageMs: 1 * HOUR });
      post({ userId: bob.id, title: "t2", comment: "my cat knocked over the pickles", ageMs: 2 * HOUR });
      post({ userId: bob.id, title: "t3", commentAuthor: "@PickleRick", ageMs: 3 * HOUR });
      post({ userId: bob.id, title: "t4", videoTitle: "Pickleball finals", ageMs: 4 * HOUR });
      post({ userId: alice.id, title: "t5", ageMs: 5 * HOUR });
      post({ userId: bob.id, title: "100% real_deal", ageMs: 6 * HOUR });
      post({ userId: bob.id, title: 'He said "wow" OR NOT', ageMs: 7 * HOUR });
    });
    const filter = (q: string) => titles(listFeedPosts({ sort: "new", q, limit: 20, now: NOW }));

    it("matches title, comment, comment author, video title and username, ignoring case, inside words", () => {
      expect(filter("pickle")).toEqual(["Grandma's PICKLE jar", "t2", "t3", "t4"]);
      expect(filter("ICKL")).toEqual(["Grandma's PICKLE jar", "t2", "t3", "t4"]);
      expect(filter("alicewon")).toEqual(["t5"]);
      expect(filter("nothing like this")).toEqual([]);
    });

    it("treats the query as text, never as syntax", () => {
      expect(filter("100%")).toEqual(["100% real_deal"]);
      expect(filter("l_d")).toEqual(["100% real_deal"]);
      expect(filter("%")).toEqual(["100% real_deal"]);
      expect(filter('"wow" OR')).toEqual(['He said "wow" OR NOT']);
      expect(filter("NOT")).toContain('He said "wow" OR NOT');
      expect(filter("*")).toEqual([]);
    });

    it("matches short queries too (scanned, not looked up)", () => {
      expect(filter("t5")).toEqual(["t5"]);
      expect(filter("Gr")).toEqual(["Grandma's PICKLE jar"]);
    });

    it("gives the same answer whether the term is rare or common", () => {
      const bob = user("pickler");
      // Enough matches that the filter switches from the index lookup to scanning in sort order.
      manyPosts(1000, (i) => ({ userId: bob.id, title: `zz common ${i}`, ageMs: DAY + i * 1000 }));
      const common = listFeedPosts({ sort: "new", q: "zz common", limit: 3, now: NOW });
      expect(titles(common)).toEqual(["zz common 0", "zz common 1", "zz common 2"]);
      // The username matches every one of bob's posts through either path.
      expect(filter("pickler")).toHaveLength(20);
      expect(filter("pickle").slice(0, 4)).toEqual(["Grandma's PICKLE jar", "t2", "t3", "t4"]);
    });
  });

  it("shows 'Unknown' for a post whose author is gone, and the author object otherwise", () => {
    const gone = user("leaver", "Leaving Soon");
    const stays = user("stayer", "Stays Here");
    const orphan = post({ userId: gone.id, title: "orphan" });
    const kept = post({ userId: stays.id, title: "kept" });
    getDb().run(sql`DELETE FROM users WHERE id = ${gone.id}`);
    expect(getPost({ id: orphan.id })).toMatchObject({
      userId: null,
      username: "Unknown",
      author: { id: null, username: "Unknown", displayName: "Unknown" },
    });
    expect(getPost({ id: kept.id })).toMatchObject({
      userId: stays.id,
      username: "stayer",
      author: { id: stays.id, username: "stayer", displayName: "Stays Here" },
    });
    expect(getPost({ id: 999_999 })).toBeNull();
  });

  it("returns every SPEC §3 field, the viewer's vote and saved flag, in a fixed number of queries", async () => {
    const viewer = user();
    const author = user();
    const ids = Array.from(
      { length: 12 },
      (_, i) => post({ userId: author.id, title: `p${i}`, ageMs: (i + 1) * HOUR }).id,
    );
    getDb().insert(votes).values({ userId: viewer.id, postId: ids[0], isUpvote: true }).run();
    getDb().insert(votes).values({ userId: viewer.id, postId: ids[1], isUpvote: false }).run();
    getDb().insert(saves).values({ userId: viewer.id, postId: ids[1] }).run();

    // Every statement run, whatever prepared it; the caches' version check
    // (models/data-version.server.ts) reads no rows.
    const rowReads = (statements: string[]) => statements.filter((source) => source !== "PRAGMA data_version").length;
    const first = await recordStatements(() => listFeedPosts({ sort: "new", limit: 12, viewerId: viewer.id, now: NOW }));
    // The page, the viewer's votes, the viewer's saves: never one per card.
    expect(rowReads(first.statements)).toBe(3);
    // Asked again with nothing written: the page's rows come from memory (read again with
    // MEMO=off), the viewer's state fresh.
    const second = await recordStatements(() => listFeedPosts({ sort: "new", limit: 12, viewerId: viewer.id, now: NOW }));
    expect(rowReads(second.statements)).toBe(memoEnabled() ? 2 : 3);
    const [list, again] = [first.result, second.result];
    expect(again).toEqual(list);
    expect(list).toHaveLength(12);
    expect(list[0]).toMatchObject({ id: ids[0], myVote: "up", isSaved: false });
    expect(list[1]).toMatchObject({ id: ids[1], myVote: "down", isSaved: true });
    expect(list[2]).toMatchObject({ myVote: null, isSaved: false });
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "id",
        "userId",
        "username",
        "title",
        "content",
        "category",
        "comment",
        "commentAuthor",
        "videoId",
        "videoTitle",
        "videoChannel",
        "videoThumbnail",
        "videoViewCount",
        "videoPublishedAt",
        "upvotes",
        "downvotes",
        "score",
        "commentsCount",
        "createdAt",
        "author",
        "myVote",
        "isSaved",
      ].sort(),
    );
    expect(listFeedPosts({ sort: "new", limit: 1, now: NOW })[0]).toMatchObject({ myVote: null, isSaved: false });
  });
});

describe("listCategoryPosts", () => {
  it("sorts newest, oldest, most_upvoted and most_commented within a category", () => {
    const a = user();
    const one = post({ userId: a.id, title: "one", category: "Science", ageMs: 3 * HOUR });
    const two = post({ userId: a.id, title: "two", category: "Science", ageMs: 2 * HOUR });
    const three = post({ userId: a.id, title: "three", category: "Science", ageMs: 1 * HOUR });
    post({ userId: a.id, title: "elsewhere", category: "Music" });
    vote(one.id, 2);
    vote(two.id, 9);
    for (let i = 0; i < 4; i++)
      getDb()
        .insert(comments)
        .values({ postId: three.id, userId: a.id, content: `c${i}` })
        .run();
    getDb().insert(comments).values({ postId: one.id, userId: a.id, content: "c" }).run();
    recountAll(getDb());
    const list = (sort: "newest" | "oldest" | "most_upvoted" | "most_commented") =>
      titles(listCategoryPosts({ category: "Science", sort, limit: 10, now: NOW }));
    expect(list("newest")).toEqual(["three", "two", "one"]);
    expect(list("oldest")).toEqual(["one", "two", "three"]);
    expect(list("most_upvoted")).toEqual(["two", "one", "three"]);
    expect(list("most_commented")).toEqual(["three", "one", "two"]);
    expect(titles(listCategoryPosts({ category: null, sort: "oldest", limit: 10, now: NOW }))).toEqual([
      "one",
      "two",
      "three",
      "elsewhere",
    ]);
    expect(
      listCategoryPosts({ category: "Science", sort: "newest", timeframe: "today", limit: 10, now: NOW + 2 * DAY }),
    ).toEqual([]);
  });
});

describe("search", () => {
  it("ranks title matches above other fields and needs every word", () => {
    const a = user("searcher");
    post({ userId: a.id, title: "nothing here", comment: "a walrus in the comment", ageMs: 1 * HOUR });
    post({ userId: a.id, title: "The walrus strikes", ageMs: 2 * HOUR });
    post({ userId: a.id, title: "walrus and banjo", ageMs: 3 * HOUR });
    post({ userId: a.id, title: "banjo only", ageMs: 4 * HOUR });
    const found = searchPosts({ q: "walrus", limit: 10 });
    expect(found.total).toBe(3);
    expect(found.capped).toBe(false);
    expect(titles(found.posts).slice(0, 2).sort()).toEqual(["The walrus strikes", "walrus and banjo"]);
    expect(titles(found.posts)[2]).toBe("nothing here");
    expect(titles(searchPosts({ q: "BANJO walrus", limit: 10 }).posts)).toEqual(["walrus and banjo"]);
    expect(searchPosts({ q: "zebra", limit: 10 })).toEqual({ posts: [], total: 0, capped: false });
    // Words, the last one as a prefix while it is being typed; not parts of words.
    expect(searchPosts({ q: "wal", limit: 10 }).total).toBe(3);
    expect(titles(searchPosts({ q: "banjo on", limit: 10 }).posts)).toEqual(["banjo only"]);
    expect(searchPosts({ q: "alrus", limit: 10 }).total).toBe(0);
    expect(searchPosts({ q: '"*', limit: 10 })).toEqual({ posts: [], total: 0, capped: false });
  });

  it("caps how many matches are ranked and counted", () => {
    const a = user();
    manyPosts(SEARCH_CAP + 5, (i) => ({ userId: a.id, title: `capybara ${i}` }));
    const found = searchPosts({ q: "capybara", limit: 5 });
    expect(found.total).toBe(SEARCH_CAP);
    expect(found.capped).toBe(true);
    expect(found.posts).toHaveLength(5);
  });

  it("finds users by the start of their name, any case, the exact name first", () => {
    const exact = user("giggle");
    user("GiggleQueen");
    user("gigglebot");
    user("notgiggle");
    const busy = user("giggler");
    getDb().run(sql`UPDATE users SET posts_count = 9 WHERE id = ${busy.id}`);
    const found = searchUsers({ q: "GIGGLE", limit: 10 });
    expect(found.total).toBe(4);
    expect(found.users.map((u) => u.username)).toEqual(["giggle", "giggler", "gigglebot", "GiggleQueen"]);
    expect(found.users[0]).toEqual({ id: exact.id, username: "giggle", displayName: "giggle", postsCount: 0 });
    expect(searchUsers({ q: "zzz", limit: 10 })).toEqual({ users: [], total: 0 });
  });
});

describe("listTopContributors and countPostsByCategory", () => {
  it("ranks authors by the upvotes their posts got in the last 7 days", () => {
    const a = user("author_a");
    const b = user("author_b");
    const pa = post({ userId: a.id, ageMs: 30 * DAY });
    const pb = post({ userId: b.id, ageMs: 2 * DAY });
    vote(pa.id, 3, 0, NOW - DAY); // this week, on an old post: counts
    vote(pa.id, 10, 0, NOW - 10 * DAY); // last month: does not
    vote(pb.id, 2, 6, NOW - DAY); // downvotes do not count
    expect(listTopContributors({ limit: 5, now: NOW })).toEqual([
      { id: a.id, username: "author_a", upvotes: 3 },
      { id: b.id, username: "author_b", upvotes: 2 },
    ]);
    expect(listTopContributors({ limit: 1, now: NOW })).toHaveLength(1);
  });

  it("counts posts in each of the 20 categories", () => {
    const a = user();
    post({ userId: a.id, category: "DIY" });
    post({ userId: a.id, category: "DIY" });
    post({ userId: a.id, category: "Kids" });
    const counts = countPostsByCategory();
    expect(counts).toHaveLength(20);
    expect(counts.find((c) => c.name === "DIY")).toEqual({ name: "DIY", slug: "diy", postsCount: 2 });
    expect(counts.find((c) => c.name === "Kids")?.postsCount).toBe(1);
    expect(counts.find((c) => c.name === "Music")?.postsCount).toBe(0);
  });
});
