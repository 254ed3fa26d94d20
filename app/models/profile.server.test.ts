import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { comments, saves, users, votes } from "#db/schema.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { createComment } from "./comment.server.ts";
import { followUser } from "./follow.server.ts";
import { listSavedPosts, listUpvotedPosts, listUserComments, listUserPosts } from "./profile-lists.server.ts";
import { getProfile, getUserStats, getWeeklyActivity, mayEditProfile, updateProfile } from "./profile.server.ts";
import { ProfileUpdateSchema } from "~/rules/schemas/profile-input.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";

/** What the route hands the model: the form or body parsed once with the shared schema. */
const edit = (input: object) => parseOrThrow(ProfileUpdateSchema, input);
import { savePost } from "./save.server.ts";
import { castVote } from "./vote.server.ts";
import { recordStatements } from "../../tests/support/statements.ts";

const DAY = 24 * 60 * 60 * 1000;
const earned = (p: { badges: { name: string; earned: boolean }[] }) => p.badges.filter((b) => b.earned).map((b) => b.name);

describe("profile view", () => {
  it("has docs/product.md §3's defaults, no hash, the e-mail only for the member, and isFollowingUser for the viewer", () => {
    const me = makeUser();
    const fan = makeUser();
    const view = getProfile({ id: me.id, viewerId: null });
    expect(view).toMatchObject({
      id: me.id,
      username: me.username,
      displayName: me.username,
      bio: "This user hasn't added a bio yet.",
      location: "Unknown",
      occupation: "Not specified",
      website: null,
      postsCount: 0,
      followersCount: 0,
      followingCount: 0,
      isFollowingUser: false,
    });
    expect(view).not.toHaveProperty("email");
    expect(JSON.stringify(view)).not.toMatch(/password|hash/i);
    expect(view.badges.map((b) => [b.name, b.icon])).toEqual([
      ["New User", "rocket"],
      ["Commenter", "medal"],
      ["Upvoter", "fire"],
      ["Contributor", "crown"],
    ]);
    expect(earned(view)).toEqual(["New User"]);
    expect(getProfile({ id: me.id, viewerId: me.id }).email).toBe(me.email);
    followUser({ followerId: fan.id, followingId: me.id });
    expect(getProfile({ id: me.id, viewerId: fan.id })).toMatchObject({ isFollowingUser: true, followersCount: 1 });
    expect(() => getProfile({ id: 99_999_999 })).toThrow(expect.objectContaining({ kind: "not_found", message: "User not found" }));
  });

  it("earns Commenter at 5 comments, Upvoter at 10 upvotes, Contributor at 5 posts", () => {
    const me = makeUser();
    const other = makeUser();
    const target = makePost({ userId: other.id });
    for (let i = 0; i < 4; i++) createComment({ userId: me.id, postId: target.id, content: `comment number ${i}` });
    for (let i = 0; i < 4; i++) makePost({ userId: me.id });
    const many = Array.from({ length: 10 }, () => makePost({ userId: other.id }));
    for (const p of many.slice(0, 9)) castVote({ userId: me.id, postId: p.id, isUpvote: true });
    expect(earned(getProfile({ id: me.id }))).toEqual(["New User"]);
    createComment({ userId: me.id, postId: target.id, content: "the fifth comment" });
    castVote({ userId: me.id, postId: many[9].id, isUpvote: true });
    makePost({ userId: me.id });
    expect(earned(getProfile({ id: me.id }))).toEqual(["New User", "Commenter", "Upvoter", "Contributor"]);
  });
});

describe("profile update", () => {
  it("saves the member's own fields, clears with '', keeps absent ones", () => {
    const me = makeUser();
    const view = updateProfile({
      actorId: me.id,
      userId: me.id,
      changes: edit({ bio: "  Hello there  ", displayName: "Me!", location: "Oslo", occupation: "Baker", website: "https://example.com/me" }),
    });
    expect(view).toMatchObject({ bio: "Hello there", displayName: "Me!", location: "Oslo", occupation: "Baker", website: "https://example.com/me" });
    expect(updateProfile({ actorId: me.id, userId: me.id, changes: edit({ location: "" }) })).toMatchObject({ location: "Unknown", bio: "Hello there" });
  });

  it("checks ownership (before the route parses the input), and the schema every limit with its message", () => {
    const me = makeUser();
    const other = makeUser();
    expect(() => mayEditProfile({ actorId: other.id, userId: me.id })).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(() => updateProfile({ actorId: other.id, userId: me.id, changes: edit({ bio: "mine now" }) })).toThrow(
      expect.objectContaining({ kind: "forbidden" }),
    );
    const bad = (input: object) => () => edit(input);
    expect(bad({ bio: "x".repeat(301) })).toThrow(expect.objectContaining({ kind: "invalid", message: "Bio must be at most 300 characters", field: "bio" }));
    expect(bad({ displayName: "x".repeat(51) })).toThrow(expect.objectContaining({ field: "displayName" }));
    expect(bad({ location: "x".repeat(61) })).toThrow(expect.objectContaining({ field: "location" }));
    expect(bad({ occupation: "x".repeat(61) })).toThrow(expect.objectContaining({ field: "occupation" }));
    expect(bad({ website: "javascript:alert(1)" })).toThrow(expect.objectContaining({ field: "website" }));
    expect(bad({ website: `https://e.com/${"x".repeat(200)}` })).toThrow(expect.objectContaining({ field: "website" }));
    expect(updateProfile({ actorId: me.id, userId: me.id, changes: edit({ bio: "x".repeat(300) }) }).bio).toHaveLength(300);
    expect(getDb().select().from(users).where(eq(users.id, me.id)).get()?.website).toBeNull();
  });
});

describe("profile lists", () => {
  it("posts and comments newest first, with postTitle and limit/offset; deleted comments left out", () => {
    const me = makeUser();
    const t = Date.now() - 10 * DAY;
    const a = makePost({ userId: me.id, title: "Older post", createdAt: new Date(t) });
    const b = makePost({ userId: me.id, title: "Newer post", createdAt: new Date(t + DAY) });
    expect(listUserPosts({ userId: me.id, limit: 10 }).map((p) => p.id)).toEqual([b.id, a.id]);
    expect(listUserPosts({ userId: me.id, limit: 1, offset: 1 }).map((p) => p.id)).toEqual([a.id]);
    const c1 = createComment({ userId: me.id, postId: a.id, content: "first comment here" });
    const c2 = createComment({ userId: me.id, postId: b.id, content: "second comment here" });
    getDb().update(comments).set({ createdAt: new Date(t) }).where(eq(comments.id, c1.id)).run();
    const gone = createComment({ userId: me.id, postId: b.id, content: "a deleted comment" });
    getDb().update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, gone.id)).run();
    expect(listUserComments({ userId: me.id, limit: 10 }).map((c) => [c.id, c.postTitle])).toEqual([
      [c2.id, "Newer post"],
      [c1.id, "Older post"],
    ]);
  });

  it("upvoted by when the vote was cast, saved by when it was saved; saved only for the member", () => {
    const me = makeUser();
    const other = makeUser();
    const [p1, p2, p3] = [makePost({ userId: other.id }), makePost({ userId: other.id }), makePost({ userId: other.id })];
    castVote({ userId: me.id, postId: p2.id, isUpvote: true });
    castVote({ userId: me.id, postId: p1.id, isUpvote: true });
    castVote({ userId: me.id, postId: p3.id, isUpvote: false });
    const now = Date.now();
    getDb().update(votes).set({ createdAt: new Date(now - 2000) }).where(eq(votes.postId, p2.id)).run();
    getDb().update(votes).set({ createdAt: new Date(now - 1000) }).where(eq(votes.postId, p1.id)).run();
    expect(listUpvotedPosts({ userId: me.id, limit: 10 }).map((p) => p.id)).toEqual([p1.id, p2.id]);

    savePost({ userId: me.id, postId: p1.id });
    savePost({ userId: me.id, postId: p3.id });
    getDb().update(saves).set({ createdAt: new Date(now - 5000) }).where(eq(saves.postId, p3.id)).run();
    savePost({ userId: me.id, postId: p2.id });
    const saved = listSavedPosts({ userId: me.id, viewerId: me.id, limit: 10 });
    expect(saved.map((p) => p.id)).toEqual([p2.id, p1.id, p3.id]);
    expect(saved.every((p) => p.isSaved)).toBe(true);
    expect(() => listSavedPosts({ userId: me.id, viewerId: null, limit: 10 })).toThrow(
      expect.objectContaining({ kind: "unauthorized", message: "Authentication required to view saved posts" }),
    );
    expect(() => listSavedPosts({ userId: me.id, viewerId: other.id, limit: 10 })).toThrow(expect.objectContaining({ kind: "forbidden" }));
  });
});

describe("stats and activity", () => {
  it("counts posts, live comments and upvotes received; weeks since joining, at most 26", () => {
    const me = makeUser();
    const fan = makeUser();
    const post = makePost({ userId: me.id });
    castVote({ userId: fan.id, postId: post.id, isUpvote: true });
    createComment({ userId: me.id, postId: post.id, content: "a comment of mine" });
    expect(getUserStats({ userId: me.id })).toEqual({ posts: 1, comments: 1, upvotesReceived: 1 });

    const now = Date.now() + 1000;
    const fresh = getWeeklyActivity({ userId: me.id, now });
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ posts: 1, comments: 1 });

    getDb().update(users).set({ createdAt: new Date(now - 400 * DAY) }).where(eq(users.id, me.id)).run();
    makePost({ userId: me.id, createdAt: new Date(now - 8 * DAY) });
    makePost({ userId: me.id, createdAt: new Date(now - 300 * DAY) });
    const weeks = getWeeklyActivity({ userId: me.id, now });
    expect(weeks).toHaveLength(26);
    expect(weeks.at(-1)).toMatchObject({ posts: 1, comments: 1 });
    expect(weeks.at(-2)).toMatchObject({ posts: 1, comments: 0 });
    expect(weeks.reduce((n, w) => n + w.posts, 0)).toBe(2);
  });
});

describe("the profile page's reads", () => {
  it("run a fixed number of statements, whatever the member's activity", async () => {
    const me = makeUser();
    const viewer = makeUser();
    for (let i = 0; i < 3; i++) {
      const post = makePost({ userId: me.id });
      createComment({ userId: me.id, postId: post.id, content: `comment ${i}` });
      castVote({ userId: viewer.id, postId: post.id, isUpvote: true });
    }
    const rowReads = async (fn: () => unknown) =>
      (await recordStatements(fn)).statements.filter((source) => source !== "PRAGMA data_version").length;
    // The member, live comments, upvotes given, whether the viewer follows.
    expect(await rowReads(() => getProfile({ id: me.id, viewerId: viewer.id }))).toBe(4);
    // The member, upvotes received, live comments.
    expect(await rowReads(() => getUserStats({ userId: me.id }))).toBe(3);
    // The member, the page of ids, the viewer's mutes, the posts, the viewer's votes and saves (never one per card).
    expect(await rowReads(() => listUserPosts({ userId: me.id, limit: 20, viewerId: viewer.id }))).toBe(6);
    // The member and the page.
    expect(await rowReads(() => listUserComments({ userId: me.id, limit: 20 }))).toBe(2);
  });

  it("count live comments and upvotes given from partial indexes, never reading the rows", async () => {
    const me = makeUser();
    const { statements } = await recordStatements(() => getProfile({ id: me.id, viewerId: null }));
    const plan = (source: string) =>
      (getDb().$client.prepare(`EXPLAIN QUERY PLAN ${source}`).all(me.id) as { detail: string }[]).map((r) => r.detail).join(" ");
    const counts = statements.filter((source) => /count\(\*\)/i.test(source));
    expect(counts.map(plan)).toEqual([
      expect.stringContaining("USING COVERING INDEX comments_user_live_idx (user_id=? AND deleted_at=?)"),
      expect.stringContaining("USING COVERING INDEX votes_user_up_idx (user_id=?)"),
    ]);
  });
});
