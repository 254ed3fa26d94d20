// The private Following-feed token of a member: one per member, made on first ask, replaced on
// request or by a password reset (the old feed URL then answers 404).
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { feedTokens, users } from "#db/schema.ts";
import { refuseDemo } from "~/rules/demo-rules.ts";
import { randomToken } from "./token.server.ts";

/** The member's token, made now if they have none yet. */
export function getFeedToken({ userId }: { userId: number }): string {
  const db = getDb();
  const read = () => db.select({ token: feedTokens.token }).from(feedTokens).where(eq(feedTokens.userId, userId)).get()?.token;
  // The about tab asks on every load: read first, so only the first ask writes.
  const existing = read();
  if (existing) return existing;
  db.insert(feedTokens).values({ userId, token: randomToken() }).onConflictDoNothing().run();
  return read()!;
}

/** A new token for the member; the old one stops working at once. Not for the shared demo account. */
export function regenerateFeedToken({ userId }: { userId: number }): string {
  refuseDemo(getDb().select({ username: users.username }).from(users).where(eq(users.id, userId)).get());
  const token = randomToken();
  getDb()
    .insert(feedTokens)
    .values({ userId, token })
    .onConflictDoUpdate({ target: feedTokens.userId, set: { token, createdAt: new Date() } })
    .run();
  return token;
}

/**
 * Replaces the token only if the member has one (a password reset: whoever knew the old feed URL
 * loses it). Runs on the one connection, so inside the caller's transaction.
 */
export function replaceFeedToken({ userId }: { userId: number }): void {
  getDb().update(feedTokens).set({ token: randomToken(), createdAt: new Date() }).where(eq(feedTokens.userId, userId)).run();
}

/** Whose token this is, or null for an unknown (revoked, made-up) one. */
export function findFeedTokenOwner({ token }: { token: string }): number | null {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = getDb().select({ userId: feedTokens.userId }).from(feedTokens).where(eq(feedTokens.token, token)).get();
  return row?.userId ?? null;
}
