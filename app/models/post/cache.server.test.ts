// Lists, single posts and search rankings are kept in memory (data-version.server.ts); each test
// writes, from this worker or from another connection (another worker), and reads within the stated lag.
import Database from "better-sqlite3";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { cacheClock } from "../data-version.server.ts";
import { castVote } from "../vote.server.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { getPost, listCategoryPosts, POSTS_LAG_MS, SEARCH_LAG_MS, searchPosts } from "./index.server.ts";

const other = new Database(process.env.DATABASE_PATH!);
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

  it("drop a deleted post at once, and are not thrown away by votes", () => {
    const author = makeUser();
    const voter = makeUser();
    const a = makePost({ userId: author.id, title: "wombatpancake one" });
    const b = makePost({ userId: author.id, title: "wombatpancake two" });
    expect(searchPosts({ q: "wombatpancake", limit: 20 }).total).toBe(2);
    castVote({ userId: voter.id, postId: a.id, isUpvote: true });
    // Counts come fresh from the posts, the ranking from memory.
    expect(searchPosts({ q: "wombatpancake", limit: 20 }).posts.find((p) => p.id === a.id)?.upvotes).toBe(1);
    other.prepare("DELETE FROM posts WHERE id = ?").run(b.id);
    expect(searchPosts({ q: "wombatpancake", limit: 20 }).posts.map((p) => p.id)).toEqual([a.id]);
  });
});
