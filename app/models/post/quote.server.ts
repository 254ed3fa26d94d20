// Whether a quote is on the site already (decision 0153): by its key, the one the unique index holds.
// A removed post is deleted, so its key no longer blocks a new share; a held post is not on the site
// and reserves nothing (it meets the index when a moderator approves it).
import { inArray, eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts } from "#db/schema.ts";
import { Problem } from "~/lib/problem.ts";
import { PICK_MESSAGES } from "~/rules/comment-pick-rules.ts";
import { quoteKey } from "~/rules/quote-key.ts";

/** The post already sharing a quote: what the 'Already shared' notice and the 409 say about it. */
export type SharedPost = { id: number; title: string; score: number };

const shared = { id: posts.id, title: posts.title, score: posts.score, key: posts.quoteKey };

/** The live post with this quote key, or null. One indexed row. */
export function sharedQuote(key: string | null): SharedPost | null {
  if (!key) return null;
  const row = getDb().select(shared).from(posts).where(eq(posts.quoteKey, key)).get();
  return row ? { id: row.id, title: row.title, score: row.score } : null;
}

/** The live posts of these YouTube comments, by comment id: one indexed lookup per id (at most a dialog's 1,000). */
export function sharedComments(commentIds: readonly string[]): Map<string, SharedPost> {
  const keys = [...new Set(commentIds)].slice(0, 1000).map((commentId) => quoteKey({ commentId }));
  const found = new Map<string, SharedPost>();
  if (keys.length === 0) return found;
  for (const row of getDb().select(shared).from(posts).where(inArray(posts.quoteKey, keys)).all()) {
    found.set(row.key!.slice(2), { id: row.id, title: row.title, score: row.score });
  }
  return found;
}

/** Problem conflict (409) 'Already shared…' with the existing post's id (JSON: `existingPostId`). */
export function alreadyShared(post: Pick<SharedPost, "id">): Problem {
  return new Problem("conflict", PICK_MESSAGES.alreadyShared, { field: "quote", details: { existingPostId: post.id } });
}

/** Refuses a quote that is on the site already (before anything is looked up or written). */
export function refuseShared(key: string | null): void {
  const existing = sharedQuote(key);
  if (existing) throw alreadyShared(existing);
}

/** Whether `error` is SQLite refusing a second post of the same quote (the unique index on quote_key). */
export function isQuoteKeyClash(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "SQLITE_CONSTRAINT_UNIQUE" && typeof e.message === "string" && e.message.includes("quote_key");
}
