import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, saves } from "#db/schema.ts";

function postExists(postId: number): boolean {
  return Boolean(getDb().select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).get());
}

/** Saves a post for the user (saving twice is harmless). Null when the post does not exist. */
export function savePost({ userId, postId }: { userId: number; postId: number }): { isSaved: true } | null {
  if (!postExists(postId)) return null;
  getDb().insert(saves).values({ userId, postId }).onConflictDoNothing().run();
  return { isSaved: true };
}

/** Removes the user's save (unsaving an unsaved post is harmless). Null when the post does not exist. */
export function unsavePost({ userId, postId }: { userId: number; postId: number }): { isSaved: false } | null {
  if (!postExists(postId)) return null;
  getDb().delete(saves).where(and(eq(saves.userId, userId), eq(saves.postId, postId))).run();
  return { isSaved: false };
}

/** Whether the user saved the post; null when the post does not exist. */
export function isPostSaved({ userId, postId }: { userId: number; postId: number }): boolean | null {
  if (!postExists(postId)) return null;
  return Boolean(
    getDb()
      .select({ postId: saves.postId })
      .from(saves)
      .where(and(eq(saves.userId, userId), eq(saves.postId, postId)))
      .get(),
  );
}
