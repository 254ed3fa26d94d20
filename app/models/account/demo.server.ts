// The demo's accounts: the shared demo account (anyone may sign in with its published password) and
// the seed's other members, who have no password at all (docs/decisions/0072). Each model that
// would let a visitor take one of them over, or act in its name where that outlives the visit
// (a report, a reset link, an invite code), asks here; the page form, the fetcher and the JSON
// call all reach the model, so none of them can skip it.
import { eq } from "drizzle-orm";
import { SEEDED_MEMBER_HASH_PREFIX } from "#db/seed.ts";
import { users } from "#db/schema.ts";
import { refuseDemo, SEEDED_REFUSED } from "~/rules/demo-rules.ts";
import { forbidden, notFound, NOT_FOUND } from "~/lib/problem.ts";
import type { DbOrTx } from "../db.server.ts";

type Account = { username: string; passwordHash: string };

/** Whether the account is one of the demo seed's members other than the demo account (no password). */
export function isSeededMember(user: { passwordHash: string }): boolean {
  return user.passwordHash.startsWith(SEEDED_MEMBER_HASH_PREFIX);
}

/** Throws forbidden for the shared demo account (DEMO_REFUSED) and for the seed's other members (SEEDED_REFUSED). */
export function refuseDemoAccounts(user: Account): void {
  refuseDemo(user);
  if (isSeededMember(user)) throw forbidden(SEEDED_REFUSED);
}

/** `refuseDemoAccounts` for an account known by its id (not found when there is none). */
export function refuseDemoAccountsById(db: DbOrTx, userId: number): void {
  const user = db.select({ username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound(NOT_FOUND.user);
  refuseDemoAccounts(user);
}
