// Finding posts by text: the feed's ?q= filter (scanned or read from the trigram index, the same
// answer either way) and /search (the word index, in the lists' sorts, capped) with its member search.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { clearPostsAndUsers, DAY, HOUR, manyPosts, NOW, post, titles, user } from "../../../tests/support/post-rows.ts";
import type { ListSort, Timeframe } from "~/lib/browse.ts";
import { listFeedPosts, SEARCH_CAP, searchEverything, searchPosts, searchUsers } from "./index.server.ts";

beforeEach(clearPostsAndUsers);

describe("the feed's text filter (docs/product.md §5)", () => {
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

describe("search", () => {
  it("finds posts holding every word, the last as a prefix, newest first", () => {
    const a = user("searcher");
    post({ userId: a.id, title: "nothing here", comment: "a walrus in the comment", ageMs: 1 * HOUR });
    post({ userId: a.id, title: "The walrus strikes", ageMs: 3 * HOUR });
    post({ userId: a.id, title: "walrus and banjo", ageMs: 2 * HOUR });
    post({ userId: a.id, title: "banjo only", ageMs: 4 * HOUR });
    const found = searchPosts({ q: "walrus", limit: 10, now: NOW });
    expect(found.total).toBe(3);
    expect(found.capped).toBe(false);
    // docs/product.md §5: search sorts newest first unless asked otherwise (by the time posted, not the id).
    expect(titles(found.posts)).toEqual(["nothing here", "walrus and banjo", "The walrus strikes"]);
    expect(titles(searchPosts({ q: "BANJO walrus", limit: 10 }).posts)).toEqual(["walrus and banjo"]);
    expect(searchPosts({ q: "zebra", limit: 10 })).toEqual({ posts: [], total: 0, capped: false });
    // Words, the last one as a prefix while it is being typed; not parts of words.
    expect(searchPosts({ q: "wal", limit: 10 }).total).toBe(3);
    expect(titles(searchPosts({ q: "banjo on", limit: 10 }).posts)).toEqual(["banjo only"]);
    expect(searchPosts({ q: "alrus", limit: 10 }).total).toBe(0);
    expect(searchPosts({ q: '"*', limit: 10 })).toEqual({ posts: [], total: 0, capped: false });
  });

  it("sorts the matches four ways within a time range, and counts those in the range", () => {
    const a = user("sorter");
    const old = post({ userId: a.id, title: "okapi old", ageMs: 20 * DAY, upvotes: 9, score: 9, commentsCount: 1 });
    const mid = post({ userId: a.id, title: "okapi mid", ageMs: 3 * DAY, upvotes: 1, score: 1, commentsCount: 7 });
    const fresh = post({ userId: a.id, title: "okapi fresh", ageMs: 1 * HOUR, upvotes: 4, score: 4, commentsCount: 0 });
    post({ userId: a.id, title: "giraffe", ageMs: 2 * HOUR, upvotes: 50, score: 50 });
    const ids = (sort: ListSort, timeframe: Timeframe = "all") => {
      const found = searchPosts({ q: "okapi", limit: 10, sort, timeframe, now: NOW });
      return { ids: found.posts.map((p) => p.id), total: found.total };
    };
    expect(ids("newest")).toEqual({ ids: [fresh.id, mid.id, old.id], total: 3 });
    expect(ids("oldest")).toEqual({ ids: [old.id, mid.id, fresh.id], total: 3 });
    expect(ids("most_upvoted")).toEqual({ ids: [old.id, fresh.id, mid.id], total: 3 });
    expect(ids("most_commented")).toEqual({ ids: [mid.id, old.id, fresh.id], total: 3 });
    expect(ids("most_upvoted", "week")).toEqual({ ids: [fresh.id, mid.id], total: 2 });
    expect(ids("oldest", "week")).toEqual({ ids: [mid.id, fresh.id], total: 2 });
    expect(ids("newest", "today")).toEqual({ ids: [fresh.id], total: 1 });
    expect(ids("most_commented", "today")).toEqual({ ids: [fresh.id], total: 1 });
  });

  it("sorts and counts at most the newest matches (for 'oldest' of all time, the oldest)", () => {
    const a = user();
    // Posted in order (ids follow posting): capybara 0 first, capybara 504 last.
    const last = SEARCH_CAP + 4;
    manyPosts(last + 1, (i) => ({ userId: a.id, title: `capybara ${i}`, ageMs: DAY + (last - i) * 1000 }));
    const found = searchPosts({ q: "capybara", limit: 3, now: NOW });
    expect(found.total).toBe(SEARCH_CAP);
    expect(found.capped).toBe(true);
    expect(titles(found.posts)).toEqual([`capybara ${last}`, `capybara ${last - 1}`, `capybara ${last - 2}`]);
    // Most commented among the newest SEARCH_CAP: capybara 0 to 4 are past the cap.
    getDb().run(sql`UPDATE posts SET comments_count = 5 WHERE title IN ('capybara 0', 'capybara 300')`);
    expect(titles(searchPosts({ q: "capybara", limit: 1, sort: "most_commented", now: NOW }).posts)).toEqual(["capybara 300"]);
    const oldest = searchPosts({ q: "capybara", limit: 2, sort: "oldest", now: NOW });
    expect(titles(oldest.posts)).toEqual(["capybara 0", "capybara 1"]);
    expect(oldest.capped).toBe(true);
  });

  it("with no words, lists every post in the sort and range", () => {
    const a = user("lister");
    const old = post({ userId: a.id, title: "ancient", ageMs: 20 * DAY, upvotes: 3, score: 3 });
    const fresh = post({ userId: a.id, title: "recent", ageMs: HOUR });
    const list = (sort: ListSort, timeframe: Timeframe) => searchEverything({ q: "", limits: { posts: 10, users: 10 }, sort, timeframe, now: NOW }).posts.posts.map((p) => p.id);
    expect(list("newest", "all")).toEqual([fresh.id, old.id]);
    expect(list("most_upvoted", "all")).toEqual([old.id, fresh.id]);
    expect(list("oldest", "week")).toEqual([fresh.id]);
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

