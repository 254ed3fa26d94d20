import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { users } from "#db/schema.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { createComment } from "../comment.server.ts";
import { deletePost } from "./delete.server.ts";
import { savePost } from "../save.server.ts";
import { castVote } from "../vote.server.ts";
import { fileReport } from "../moderation/report.server.ts";
import { resolveCase } from "../moderation/queue.server.ts";
import { removeAsModerator } from "../moderation/moderator-removal.server.ts";

function count(table: string, where: ReturnType<typeof sql>) {
  return getDb().get<{ n: number }>(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE ${where}`)!.n;
}

describe("deletePost", () => {
  it("is for the author only", () => {
    const author = makeUser();
    const other = makeUser();
    const post = makePost({ userId: author.id });
    expect(() => deletePost({ id: post.id, actorId: other.id })).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(() => deletePost({ id: 999999, actorId: author.id })).toThrow(expect.objectContaining({ kind: "not_found" }));
    expect(count("posts", sql`id = ${post.id}`)).toBe(1);
  });

  it("takes the post's comments, votes, saves and notifications with it and lowers postsCount", () => {
    const author = makeUser();
    const fan = makeUser();
    const post = makePost({ userId: author.id });
    const keep = makePost({ userId: author.id });
    expect(getDb().select().from(users).where(eq(users.id, author.id)).get()!.postsCount).toBe(2);
    const c = createComment({ userId: fan.id, postId: post.id, content: "great one" });
    createComment({ userId: author.id, postId: post.id, content: "thanks", parentId: c.id });
    castVote({ userId: fan.id, postId: post.id, isUpvote: true });
    castVote({ userId: author.id, commentId: c.id, isUpvote: true });
    castVote({ userId: fan.id, postId: keep.id, isUpvote: true });
    savePost({ userId: fan.id, postId: post.id });
    expect(count("notifications", sql`post_id = ${post.id}`)).toBeGreaterThan(0);

    expect(deletePost({ id: post.id, actorId: author.id })).toEqual({ deleted: true });
    expect(count("posts", sql`id = ${post.id}`)).toBe(0);
    expect(count("comments", sql`post_id = ${post.id}`)).toBe(0);
    expect(count("votes", sql`post_id = ${post.id} OR comment_id = ${c.id}`)).toBe(0);
    expect(count("saves", sql`post_id = ${post.id}`)).toBe(0);
    expect(count("notifications", sql`post_id = ${post.id}`)).toBe(0);
    expect(getDb().select().from(users).where(eq(users.id, author.id)).get()!.postsCount).toBe(1);
    // The other post is untouched.
    expect(count("votes", sql`post_id = ${keep.id}`)).toBe(1);
    expect(() => deletePost({ id: post.id, actorId: author.id })).toThrow(expect.objectContaining({ kind: "not_found" }));
  });
});

describe("a moderator's removal is the author's delete", () => {
  /** A post with a comment thread, votes on both, a save and notices; what deleting it leaves behind. */
  function deletedWorld(remove: (postId: number, authorId: number) => void) {
    const author = makeUser();
    const fan = makeUser();
    const post = makePost({ userId: author.id, title: "Residue check zebra", category: "Music" });
    const c = createComment({ userId: fan.id, postId: post.id, content: "great one" });
    const reply = createComment({ userId: author.id, postId: post.id, content: "thanks", parentId: c.id });
    castVote({ userId: fan.id, postId: post.id, isUpvote: true });
    castVote({ userId: author.id, commentId: c.id, isUpvote: true });
    savePost({ userId: fan.id, postId: post.id });
    const music = () => getDb().get<{ n: number }>(sql`SELECT posts_count AS n FROM category_counts WHERE category = 'Music'`)?.n ?? 0;
    const before = music();
    remove(post.id, author.id);
    const ofPost = sql`post_id = ${post.id}`;
    return {
      posts: count("posts", sql`id = ${post.id}`),
      comments: count("comments", ofPost),
      votes: count("votes", sql`post_id = ${post.id} OR comment_id IN (${c.id}, ${reply.id})`),
      saves: count("saves", ofPost),
      notifications: count("notifications", ofPost),
      fts: count("posts_fts", sql`rowid = ${post.id}`),
      search: count("posts_search", sql`rowid = ${post.id}`),
      categoryDrop: before - music(),
      author: getDb().select({ posts: users.postsCount }).from(users).where(eq(users.id, author.id)).get(),
      fan: getDb().select({ posts: users.postsCount, followers: users.followersCount }).from(users).where(eq(users.id, fan.id)).get(),
    };
  }

  it("leaves the same rows behind: counters, comments, votes, saves, notices, search index, category counts", () => {
    const admin = makeUser({ isAdmin: true });
    const byAuthor = deletedWorld((id, authorId) => deletePost({ id, actorId: authorId }));
    const byAdmin = deletedWorld((id) => removeAsModerator({ actorId: admin.id, target: { kind: "post", id }, reason: "Spam" }));
    const byQueue = deletedWorld((id) => {
      const { caseId } = fileReport({ reporterId: makeUser().id, input: { targetType: "post", targetId: id, reason: "spam", note: null } });
      resolveCase({ actorId: admin.id, caseId, action: "remove", reason: "Spam links" });
    });
    expect(byAuthor).toMatchObject({ posts: 0, comments: 0, votes: 0, saves: 0, notifications: 0, fts: 0, search: 0, categoryDrop: 1, author: { posts: 0 } });
    expect(byAdmin).toEqual(byAuthor);
    expect(byQueue).toEqual(byAuthor);
  });

  it("is one function: a moderator's every path removes through moderatorRemoves, which alone deletes as a moderator", () => {
    const read = (f: string) => fs.readFileSync(f, "utf8");
    for (const f of ["app/models/moderation/queue.server.ts", "app/models/spam/sweep.server.ts", "app/routes/admin/post-delete.ts", "app/routes/api/admin-post.ts"]) {
      expect(read(f)).not.toMatch(/\.delete\((posts|comments)\)|removePost\(|removeComment\(/);
      expect(read(f)).toMatch(/moderatorRemoves\(|removeAsModerator\(/);
    }
    expect(read("app/models/moderation/moderator-removal.server.ts")).toMatch(/removePost\(tx, id, "moderator"\)/);
  });
});
