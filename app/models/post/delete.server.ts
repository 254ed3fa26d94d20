import { eq, sql } from "drizzle-orm";
import { posts, users } from "#db/schema.ts";
import { forbidden, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { writeTransaction, type DbOrTx } from "../db.server.ts";

/**
 * Who deletes a post: its author, or "moderator" — only moderation/moderator-removal.server.ts's
 * `moderatorRemoves`, which logs it and tells the author (every moderator's path goes through it).
 */
export type PostDeleter = { authorId: number } | "moderator";

/**
 * The one post deletion, inside the caller's transaction: the author's delete and every moderator's
 * removal run it. Its comments, votes (on it and on its comments), saves and notifications go with
 * it (foreign keys cascade), its search rows and its category's count with it (triggers), and the
 * author's postsCount drops by one. Not found when there is no such post; forbidden for an author
 * who is not its own. Returns the deleted post's author and title.
 */
export function removePost(tx: DbOrTx, id: number, by: PostDeleter): { userId: number | null; title: string } {
  const post = tx.select({ userId: posts.userId, title: posts.title }).from(posts).where(eq(posts.id, id)).get();
  if (!post) throw notFound(NOT_FOUND.post);
  if (by !== "moderator" && post.userId !== by.authorId) throw forbidden("You can only delete your own posts.");
  tx.delete(posts).where(eq(posts.id, id)).run();
  if (post.userId !== null) {
    tx.update(users).set({ postsCount: sql`max(${users.postsCount} - 1, 0)` }).where(eq(users.id, post.userId)).run();
  }
  return post;
}

/** The author deletes their own post in one immediate transaction (`removePost`). */
export function deletePost({ id, actorId }: { id: number; actorId: number }): { deleted: true } {
  return writeTransaction((tx) => {
    removePost(tx, id, { authorId: actorId });
    return { deleted: true as const };
  });
}
