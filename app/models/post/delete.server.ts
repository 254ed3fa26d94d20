import { eq, sql } from "drizzle-orm";
import { posts, users } from "#db/schema.ts";
import { forbidden, notFound } from "~/lib/problem.ts";
import { appendModerationLog, requireModerator, type Moderator } from "../moderation-log.server.ts";
import { writeTransaction, type DbOrTx } from "../db.server.ts";

/** Who deletes a post: its author, or a moderator (logged, with the reason the author reads). */
export type PostDeleter = { authorId: number } | { moderator: Moderator; reason?: string | null; reports?: number };

/**
 * The one post deletion, inside the caller's transaction: the author's delete, an admin's delete and
 * the review queue's removal all run it, and differ only in who acts and what is logged. Its
 * comments, votes (on it and on its comments), saves and notifications go with it (foreign keys
 * cascade), its search rows and its category's count with it (triggers), and the author's postsCount
 * drops by one. Not found when there is no such post; forbidden for an author who is not its own.
 * Returns the deleted post's author and title.
 */
export function removePost(tx: DbOrTx, id: number, by: PostDeleter): { userId: number | null; title: string } {
  const post = tx.select({ userId: posts.userId, title: posts.title }).from(posts).where(eq(posts.id, id)).get();
  if (!post) throw notFound("Post not found");
  if ("authorId" in by && post.userId !== by.authorId) throw forbidden("You can only delete your own posts.");
  // Logged first: the entry reads the post's category.
  if ("moderator" in by) {
    appendModerationLog(tx, { admin: by.moderator, action: "delete_post", target: { kind: "post", id, label: post.title }, reason: by.reason, reports: by.reports });
  }
  tx.delete(posts).where(eq(posts.id, id)).run();
  if (post.userId !== null) {
    tx.update(users).set({ postsCount: sql`max(${users.postsCount} - 1, 0)` }).where(eq(users.id, post.userId)).run();
  }
  return post;
}

/**
 * Deletes a post in one immediate transaction (`removePost`). The author may delete their own post;
 * with `asAdmin` an admin may delete anyone's, and the deletion (with the optional reason) goes into
 * the moderation log.
 */
export function deletePost({
  id,
  actorId,
  asAdmin,
}: {
  id: number;
  actorId: number;
  asAdmin?: { reason?: string | null };
}): { deleted: true } {
  return writeTransaction((tx) => {
    removePost(tx, id, asAdmin ? { moderator: requireModerator(tx, actorId), reason: asAdmin.reason } : { authorId: actorId });
    return { deleted: true as const };
  });
}
