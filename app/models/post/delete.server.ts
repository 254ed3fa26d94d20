import { eq, sql } from "drizzle-orm";
import { posts, users } from "#db/schema.ts";
import { forbidden, notFound } from "~/lib/problem.ts";
import { appendModerationLog, requireModerator } from "../moderation-log.server.ts";
import { writeTransaction } from "../db.server.ts";

/**
 * Deletes a post. Its comments, votes (on it and on its comments), saves and notifications go with
 * it (foreign keys cascade), and the author's postsCount drops by one, all in one immediate
 * transaction. The author may delete their own post; with `asAdmin` an admin may delete anyone's,
 * and the deletion (with the optional reason) goes into the moderation log.
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
      const moderator = asAdmin ? requireModerator(tx, actorId) : null;
      const post = tx.select({ userId: posts.userId, title: posts.title }).from(posts).where(eq(posts.id, id)).get();
      if (!post) throw notFound("Post not found");
      if (!moderator && post.userId !== actorId) throw forbidden("You can only delete your own posts.");
      tx.delete(posts).where(eq(posts.id, id)).run();
      if (post.userId !== null) {
        tx.update(users).set({ postsCount: sql`max(${users.postsCount} - 1, 0)` }).where(eq(users.id, post.userId)).run();
      }
      if (moderator) {
        appendModerationLog(tx, { admin: moderator, action: "delete_post", target: { kind: "post", id, label: post.title }, reason: asAdmin?.reason });
      }
      return { deleted: true as const };
    });
}
