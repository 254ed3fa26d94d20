import { and, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { moderationLog, users } from "#db/schema.ts";
import { createUser, DuplicateAccountError } from "../user.server.ts";

/**
 * created: made now; exists: an admin of that name is there; member: a member who is not an admin
 * holds the name; deleted: an account of that name was deleted; clash: the e-mail is another's.
 */
export type BootstrapOutcome = "created" | "exists" | "member" | "deleted" | "clash";

/**
 * The configured admin account (ADMIN_USERNAME), made once: only when no account has that name and
 * the moderation log does not record the deletion of an account of that name (by an admin or by
 * itself). A start never
 * touches an existing account (no re-granting after 'Remove Admin') and never brings back a deleted
 * one. The password is hashed only when the account is actually made.
 */
export function ensureBootstrapAdmin({
  username,
  email,
  hashPassword,
}: {
  username: string;
  email: string;
  hashPassword: () => string;
}): BootstrapOutcome {
  const db = getDb();
  const name = username.trim().toLowerCase();
  const holder = db.select({ isAdmin: users.isAdmin }).from(users).where(sql`lower(${users.username}) = ${name}`).get();
  if (holder) return holder.isAdmin ? "exists" : "member";
  const deleted = db
    .select({ id: moderationLog.id })
    .from(moderationLog)
    .where(and(inArray(moderationLog.action, ["delete_user", "delete_self"]), sql`lower(${moderationLog.targetLabel}) = ${name}`))
    .get();
  if (deleted) return "deleted";
  try {
    createUser({ username, email, passwordHash: hashPassword(), isAdmin: true });
    return "created";
  } catch (error) {
    // The e-mail address belongs to another account (or the name was taken a moment ago).
    if (error instanceof DuplicateAccountError) return "clash";
    throw error;
  }
}
