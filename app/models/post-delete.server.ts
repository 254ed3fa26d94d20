import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users } from "#db/schema.ts";

export type DeletePostResult = { status: "deleted" } | { status: "not_found" } | { status: "forbidden" };

/**
 * The author deletes their post. Its comments, votes (on it and on its comments), saves and
 * notifications go with it (foreign keys cascade), and the author's postsCount drops by one,
 * all in one immediate transaction.
 */
export function deletePost({ id, actorId }: { id: number; actorId: number }): DeletePostResult {
  return getDb().transaction(
    (tx): DeletePostResult => {
      const post = tx.select({ userId: posts.userId }).from(posts).where(eq(posts.id, id)).get();
      if (!post) return { status: "not_found" };
      if (post.userId !== actorId) return { status: "forbidden" };
      tx.delete(posts).where(eq(posts.id, id)).run();
      tx.update(users).set({ postsCount: sql`max(${users.postsCount} - 1, 0)` }).where(eq(users.id, actorId)).run();
      return { status: "deleted" };
    },
    { behavior: "immediate" },
  );
}
