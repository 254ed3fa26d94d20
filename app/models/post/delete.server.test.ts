import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { users } from "#db/schema.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { createComment } from "../comment.server.ts";
import { deletePost } from "./delete.server.ts";
import { savePost } from "../save.server.ts";
import { castVote } from "../vote.server.ts";

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
