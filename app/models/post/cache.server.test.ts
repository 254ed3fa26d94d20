// Lists, single posts and search rankings are kept in memory (data-version.server.ts); each test
// writes, from this worker or from another connection (another worker), and reads within the stated lag.
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { getDb, withSqlFunctions } from "#db/client.server.ts";
import { cacheClock } from "../data-version.server.ts";
import { castVote } from "../vote.server.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { getPost, listCategoryPosts, listPostsByIds, POSTS_LAG_MS, SEARCH_LAG_MS, searchPosts, searchUsers } from "./index.server.ts";

// Another worker's connection, with the SQL functions every connection has (the triggers call them).
const other = withSqlFunctions(new Database(process.env.DATABASE_PATH!));
other.pragma("busy_timeout = 5000");
afterAll(() => other.close());
const nextRequest = () => new Promise<void>((resolve) => setImmediate(resolve));

let now = 5_000_000;
cacheClock.now = () => now;
const realNow = cacheClock.now;
afterEach(() => {
  now += 60_000;
});
afterAll(() => {
  cacheClock.now = realNow;
});

describe("post lists and single posts", () => {
  it("show this worker's vote at once, with the voter's own arrow", () => {
    const author = makeUser();
    const voter = makeUser();
    const post = makePost({ userId: author.id, category: "Gaming" });
    expect(getPost({ id: post.id })?.upvotes).toBe(0);
    expect(listCategoryPosts({ category: "Gaming", sort: "newest", limit: 5 })[0]).toMatchObject({ id: post.id, upvotes: 0 });

    castVote({ userId: voter.id, postId: post.id, isUpvote: true });
    expect(getPost({ id: post.id })).toMatchObject({ upvotes: 1, myVote: null });
    expect(getPost({ id: post.id, viewerId: voter.id })).toMatchObject({ upvotes: 1, myVote: "up" });
    expect(listCategoryPosts({ category: "Gaming", sort: "newest", limit: 5, viewerId: voter.id })[0]).toMatchObject({ upvotes: 1, myVote: "up" });
  });

  it(`show another worker's write within ${POSTS_LAG_MS} ms`, async () => {
    const author = makeUser();
    const post = makePost({ userId: author.id, category: "Music" });
    expect(getPost({ id: post.id })?.upvotes).toBe(0);
    expect(listCategoryPosts({ category: "Music", sort: "newest", limit: 5 })[0].upvotes).toBe(0);

    other.prepare("UPDATE posts SET upvotes = 3, score = 3 WHERE id = ?").run(post.id);
    await nextRequest();
    now += POSTS_LAG_MS;
    expect(getPost({ id: post.id })?.upvotes).toBe(3);
    expect(listCategoryPosts({ category: "Music", sort: "newest", limit: 5 })[0].upvotes).toBe(3);

    other.prepare("DELETE FROM posts WHERE id = ?").run(post.id);
    await nextRequest();
    now += POSTS_LAG_MS;
    expect(getPost({ id: post.id })).toBeNull();
  });
});

describe("search rankings", () => {
  it("find this worker's new post at once, and another worker's within the search lag", async () => {
    const author = makeUser();
    expect(searchPosts({ q: "zanzibarquokka", limit: 20 }).total).toBe(0);
    const mine = makePost({ userId: author.id, title: "A zanzibarquokka sighting" });
    expect(searchPosts({ q: "zanzibarquokka", limit: 20 }).posts.map((p) => p.id)).toEqual([mine.id]);

    other.prepare("UPDATE posts SET title = 'Another zanzibarquokka' WHERE id = (SELECT max(id) FROM posts WHERE id != ?)").run(mine.id);
    await nextRequest();
    now += SEARCH_LAG_MS;
    expect(searchPosts({ q: "zanzibarquokka", limit: 20 }).total).toBe(2);
  });

  it("drop a deleted post (at once here, within the lag from another worker), and keep counts fresh", async () => {
    const author = makeUser();
    const voter = makeUser();
    const a = makePost({ userId: author.id, title: "wombatpancake one" });
    const b = makePost({ userId: author.id, title: "wombatpancake two" });
    const c = makePost({ userId: author.id, title: "wombatpancake three" });
    expect(searchPosts({ q: "wombatpancake", limit: 20 }).total).toBe(3);
    castVote({ userId: voter.id, postId: a.id, isUpvote: true });
    expect(searchPosts({ q: "wombatpancake", limit: 20 }).posts.find((p) => p.id === a.id)?.upvotes).toBe(1);
    getDb().$client.prepare("DELETE FROM posts WHERE id = ?").run(c.id);
    expect(searchPosts({ q: "wombatpancake", limit: 20 }).posts.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    other.prepare("DELETE FROM posts WHERE id = ?").run(b.id);
    await nextRequest();
    now += Math.max(SEARCH_LAG_MS, POSTS_LAG_MS);
    expect(searchPosts({ q: "wombatpancake", limit: 20 }).posts.map((p) => p.id)).toEqual([a.id]);
  });
});

describe("search sorts", () => {
  it("by votes follow a vote at once; newest is kept through it", () => {
    const author = makeUser();
    const voter = makeUser();
    const first = makePost({ userId: author.id, title: "quokkabanjo first" });
    const second = makePost({ userId: author.id, title: "quokkabanjo second" });
    const order = (sort: "newest" | "most_upvoted") => searchPosts({ q: "quokkabanjo", limit: 20, sort }).posts.map((p) => p.id);
    expect(order("most_upvoted")).toEqual([second.id, first.id]);
    expect(order("newest")).toEqual([second.id, first.id]);
    castVote({ userId: voter.id, postId: first.id, isUpvote: true });
    expect(order("most_upvoted")).toEqual([first.id, second.id]);
    expect(order("newest")).toEqual([second.id, first.id]);
  });
});

describe("members by name and posts by id", () => {
  it("show this worker's new member at once and another worker's rename within the search lag", async () => {
    expect(searchUsers({ q: "platypus", limit: 5 }).total).toBe(0);
    const member = makeUser({ username: "platypus_one" });
    expect(searchUsers({ q: "platypus", limit: 5 }).users.map((u) => u.id)).toEqual([member.id]);
    other.prepare("UPDATE users SET username = 'echidna_one' WHERE id = ?").run(member.id);
    await nextRequest();
    now += SEARCH_LAG_MS;
    expect(searchUsers({ q: "platypus", limit: 5 }).total).toBe(0);
    expect(searchUsers({ q: "echidna", limit: 5 }).users.map((u) => u.username)).toEqual(["echidna_one"]);
  });

  it("give the posts in the order asked, fresh after this worker's vote and within the lag after another's", async () => {
    const author = makeUser();
    const voter = makeUser();
    const a = makePost({ userId: author.id });
    const b = makePost({ userId: author.id });
    expect(listPostsByIds({ ids: [b.id, a.id] }).map((p) => [p.id, p.upvotes])).toEqual([
      [b.id, 0],
      [a.id, 0],
    ]);
    castVote({ userId: voter.id, postId: a.id, isUpvote: true });
    expect(listPostsByIds({ ids: [b.id, a.id], viewerId: voter.id }).map((p) => [p.id, p.upvotes, p.myVote])).toEqual([
      [b.id, 0, null],
      [a.id, 1, "up"],
    ]);
    other.prepare("UPDATE posts SET upvotes = 9 WHERE id = ?").run(b.id);
    await nextRequest();
    now += POSTS_LAG_MS;
    expect(listPostsByIds({ ids: [b.id, a.id] })[0].upvotes).toBe(9);
  });
});
