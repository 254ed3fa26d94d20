import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users } from "#db/schema.ts";
import { forbidden, notFound } from "~/lib/problem.ts";


/**
 * The author deletes their post. Its comments, votes (on it and on its comments), saves and
 * notifications go with it (foreign keys cascade), and the author's postsCount drops by one,
 * all in one immediate transaction.
 */
export function deletePost({ id, actorId }: { id: number; actorId: number }): { deleted: true } {
  return getDb().transaction(
    (tx) => {
      const post = tx.select({ userId: posts.userId }).from(posts).where(eq(posts.id, id)).get();
      if (!post) throw notFound("Post not found");
      if (post.userId !== actorId) throw forbidden("You can only delete your own posts.");
      tx.delete(posts).where(eq(posts.id, id)).run();
      tx.update(users).set({ postsCount: sql`max(${users.postsCount} - 1, 0)` }).where(eq(users.id, actorId)).run();
      return { deleted: true as const };
    },
    { behavior: "immediate" },
  );
}
