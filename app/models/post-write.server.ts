import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users, type PostRow } from "#db/schema.ts";
import type { CreatePostInput } from "~/lib/schemas/post.ts";

/**
 * Creates a post for `userId` (already validated by CreatePostSchema) in one immediate transaction:
 * the row with its hot rank, and the author's postsCount. Category counts are read from the posts
 * themselves, so they follow with the same commit.
 */
export function createPost({ userId, ...fields }: { userId: number } & CreatePostInput): PostRow {
  const createdAt = new Date();
  return getDb().transaction(
    (tx) => {
      const post = tx
        .insert(posts)
        .values({
          ...fields,
          userId,
          createdAt,
          hot: sql`hot_score(0, 0, ${createdAt.getTime()})`,
        })
        .returning()
        .get();
      tx.update(users)
        .set({ postsCount: sql`${users.postsCount} + 1` })
        .where(eq(users.id, userId))
        .run();
      return post;
    },
    { behavior: "immediate" },
  );
}
