import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, saves } from "#db/schema.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";

function requirePost(postId: number) {
  if (!getDb().select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).get()) throw notFound(NOT_FOUND.post);
}

/** Saves a post for the user (saving twice is harmless). Problem(not_found) for a missing post. */
export function savePost({ userId, postId }: { userId: number; postId: number }): { isSaved: true } {
  requirePost(postId);
  getDb().insert(saves).values({ userId, postId }).onConflictDoNothing().run();
  return { isSaved: true };
}

/** Removes the user's save (unsaving an unsaved post is harmless). Problem(not_found) for a missing post. */
export function unsavePost({ userId, postId }: { userId: number; postId: number }): { isSaved: false } {
  requirePost(postId);
  getDb().delete(saves).where(and(eq(saves.userId, userId), eq(saves.postId, postId))).run();
  return { isSaved: false };
}

/** Whether the user saved the post; Problem(not_found) for a missing post. */
export function isPostSaved({ userId, postId }: { userId: number; postId: number }): boolean {
  requirePost(postId);
  return Boolean(
    getDb()
      .select({ postId: saves.postId })
      .from(saves)
      .where(and(eq(saves.userId, userId), eq(saves.postId, postId)))
      .get(),
  );
}
