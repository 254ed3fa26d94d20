import { eq, sql } from "drizzle-orm";
import { comments, posts, users, type UserRow } from "#db/schema.ts";
import { getEnv } from "../../integrations/env.server.ts";
import { limitNewcomer } from "../../integrations/newcomer-limits.server.ts";
import { limitWrite, type WriteKind } from "../../integrations/rate-limit.server.ts";
import { getDb } from "#db/client.server.ts";

// New accounts earn trust (docs/product.md §11 "Spam", decision 0121): an account a visitor registered
// (`users.newcomer`) is new until it is TRUST_MIN_DAYS old and has TRUST_MIN_UPVOTED posts or comments
// with an upvote; then the flag is dropped for good. Admins, admin-made, seeded and older accounts were
// never new.

const DAY_MS = 86_400_000;

/** How many of `userId`'s posts and comments have at least one upvote. */
function upvotedItems(userId: number): number {
  const row = getDb().get<{ n: number }>(
    sql`select (select count(*) from ${posts} where ${posts.userId} = ${userId} and ${posts.upvotes} > 0)
      + (select count(*) from ${comments} where ${comments.userId} = ${userId} and ${comments.upvotes} > 0 and ${comments.deletedAt} is null) as n`,
  );
  return row?.n ?? 0;
}

/** Whether `user` is still a new account; one who has just earned trust is marked trusted for good. */
export function isNewcomer(user: Pick<UserRow, "id" | "newcomer" | "isAdmin" | "createdAt">, now = Date.now()): boolean {
  if (!user.newcomer || user.isAdmin) return false;
  const { TRUST_MIN_DAYS, TRUST_MIN_UPVOTED } = getEnv();
  if (now - user.createdAt.getTime() < TRUST_MIN_DAYS * DAY_MS) return true;
  if (upvotedItems(user.id) < TRUST_MIN_UPVOTED) return true;
  getDb().update(users).set({ newcomer: false }).where(eq(users.id, user.id)).run();
  return false;
}

/** The new-account budget a write of `kind` also spends (votes, saves and the like have none). */
const NEWCOMER_KIND: Partial<Record<WriteKind, "post" | "comment" | "follow">> = { post: "post", comment: "comment", follow: "follow" };

/**
 * One write of `kind` by `user` (or a visitor) from `ip`: every member's budget, and a new account's
 * smaller one beside it. The one place a write budget is spent (the route contract, and the share
 * path, which spends before asking YouTube). TooManyRequests when over.
 */
export async function spendWrite(kind: WriteKind, { user, ip }: { user: UserRow | null; ip: string | undefined }) {
  await limitWrite(kind, { userId: user?.id, ip });
  const newcomerKind = NEWCOMER_KIND[kind];
  if (user && newcomerKind && isNewcomer(user)) await limitNewcomer(newcomerKind, user.id);
}
