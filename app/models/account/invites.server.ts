import crypto from "node:crypto";
import { aliasedTable, and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { invites, users, type UserRow } from "#db/schema.ts";
import { forbidden, invalid, isProblem, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { INVITE_MIN_AGE_DAYS, INVITE_NOT_IN_GOOD_STANDING, INVITE_TOO_MANY, INVITE_TOO_NEW, INVITE_UNKNOWN, INVITE_UNUSED_MAX } from "~/rules/signup-rules.ts";
import { writeTransaction, type DbOrTx } from "../db.server.ts";
import { activeSuspension } from "../moderation/suspension.server.ts";
import { refuseDemoAccounts } from "./demo.server.ts";
import { assertEmailVerified } from "./email-verification.server.ts";

// SIGNUP_MODE=invite (docs/decisions/0073): a visitor registers with a code, used once. Members in good
// standing (not suspended, not the shared demo account, an account at least a week old) hold a few
// unused codes at a time; admins any number. Who invited whom stays on the code's row.

export type Invite = { code: string; createdAt: string; usedAt: string | null; usedBy: { id: number; username: string } | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** An unguessable code that is easy to copy (no padding, URL-safe). */
function newCode(): string {
  return crypto.randomBytes(9).toString("base64url");
}

/**
 * Who may make a code: never the demo account or another seeded one; an admin acting as one (`asAdmin`:
 * the route's word, from the one admin rule with its second factor) always; members in good standing,
 * a week old, with room.
 */
function assertMayInvite(db: DbOrTx, user: UserRow, now: Date, asAdmin: boolean): void {
  refuseDemoAccounts(user);
  if (asAdmin && user.isAdmin) return;
  assertEmailVerified(user);
  if (activeSuspension(user.id, { now })) throw forbidden(INVITE_NOT_IN_GOOD_STANDING);
  if (now.getTime() - user.createdAt.getTime() < INVITE_MIN_AGE_DAYS * DAY_MS) throw forbidden(INVITE_TOO_NEW);
  const unused = db.select({ n: count() }).from(invites).where(and(eq(invites.creatorId, user.id), isNull(invites.usedAt))).get()?.n ?? 0;
  if (unused >= INVITE_UNUSED_MAX) throw forbidden(INVITE_TOO_MANY);
}

/** A new code by `userId`. Problems: forbidden (demo, suspended, too new, unverified, too many unused), not_found. */
export function createInvite({ userId, asAdmin = false, now = new Date() }: { userId: number; asAdmin?: boolean; now?: Date }): { code: string } {
  return writeTransaction((tx) => {
    const user = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!user) throw notFound(NOT_FOUND.user);
    assertMayInvite(tx, user, now, asAdmin);
    const code = newCode();
    tx.insert(invites).values({ code, creatorId: userId, createdAt: now }).run();
    return { code };
  });
}

/** Why `user` may not make a code now, or null (the about tab shows the form or the reason). */
export function inviteRefusal(user: UserRow, { asAdmin = false, now = new Date() }: { asAdmin?: boolean; now?: Date } = {}): string | null {
  try {
    assertMayInvite(getDb(), user, now, asAdmin);
    return null;
  } catch (error) {
    if (isProblem(error)) return error.message;
    throw error;
  }
}

/** A member's codes, newest first, with who used each. */
export function listInvites({ userId }: { userId: number }): Invite[] {
  const invitee = aliasedTable(users, "invitee");
  return getDb()
    .select({ code: invites.code, createdAt: invites.createdAt, usedAt: invites.usedAt, usedById: invitee.id, usedByName: invitee.username })
    .from(invites)
    .leftJoin(invitee, eq(invitee.id, invites.usedById))
    .where(eq(invites.creatorId, userId))
    .orderBy(desc(invites.createdAt), desc(invites.id))
    .all()
    .map((r) => ({
      code: r.code,
      createdAt: r.createdAt.toISOString(),
      usedAt: r.usedAt?.toISOString() ?? null,
      usedBy: r.usedById !== null && r.usedByName !== null ? { id: r.usedById, username: r.usedByName } : null,
    }));
}

/** Whether a code can still be used (the cheap check before a password is hashed). */
export function isInviteUsable(code: string): boolean {
  return Boolean(getDb().select({ id: invites.id }).from(invites).where(and(eq(invites.code, code), isNull(invites.usedAt))).get());
}

/** Uses `code` for the new account `userId`, in the caller's transaction: invalid when unknown or used. */
export function redeemInvite(tx: DbOrTx, { code, userId, now = new Date() }: { code: string; userId: number; now?: Date }): void {
  const used = tx
    .update(invites)
    .set({ usedById: userId, usedAt: now })
    .where(and(eq(invites.code, code), isNull(invites.usedAt)))
    .run().changes;
  if (used !== 1) throw invalid(INVITE_UNKNOWN, "inviteCode");
}

/** Who invited each of `userIds` (the admin Users tab): invitee id → inviter (null when their account is gone). */
export function invitersOf(userIds: number[]): Map<number, { id: number; username: string } | null> {
  if (userIds.length === 0) return new Map();
  const inviter = aliasedTable(users, "inviter");
  const rows = getDb()
    .select({ usedById: invites.usedById, id: inviter.id, username: inviter.username })
    .from(invites)
    .leftJoin(inviter, eq(inviter.id, invites.creatorId))
    .where(inArray(invites.usedById, userIds))
    .all();
  return new Map(rows.map((r) => [r.usedById!, r.id !== null && r.username !== null ? { id: r.id, username: r.username } : null]));
}
