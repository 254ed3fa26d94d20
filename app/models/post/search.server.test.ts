// Finding posts by text: the feed's ?q= filter (scanned or read from the trigram index, the same
// answer either way) and /search (bm25 over the word index, capped) with its member search.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { clearPostsAndUsers, DAY, HOUR, manyPosts, NOW, post, titles, user } from "../../../tests/support/post-rows.ts";
import { listFeedPosts, SEARCH_CAP, searchPosts, searchUsers } from "./index.server.ts";

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

