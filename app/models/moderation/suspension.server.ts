import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, sql, type Placeholder } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { suspensions, users } from "#db/schema.ts";
import { forbidden, invalid, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { ADMIN_NOT_SUSPENDABLE, CANNOT_SUSPEND_SELF, formatUntil, NOT_SUSPENDED, suspensionMessage, SUSPENSION_END_PAST } from "~/rules/moderation-rules.ts";
import { prepared, writeTransaction, type DbOrTx } from "../db.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { assertInReach, assertOutranks, requireModerator, type Staff } from "./roles.server.ts";
import { notify } from "../notification.server.ts";
import { SUSPENSION_RAN_OUT } from "~/rules/moderation-log-rules.ts";

// Suspensions: a reason and an end (or none). A suspension lasts while it is not lifted and its end
// is later than the clock at read time, so it ends by itself without any job; the maintenance timer
// only logs that it ended (logEndedSuspensions), for the public log.

export type ActiveSuspension = { id: number; reason: string; until: string | null; message: string };

function activeWhere(userId: number | Placeholder, now: Date | Placeholder) {
  return and(eq(suspensions.userId, userId), isNull(suspensions.liftedAt), or(isNull(suspensions.until), gt(suspensions.until, now)));
}

// Every signed-in page asks (the root's banner) and every write (assertNotSuspended): prepared once
// per connection. Run inside a write transaction, it is part of it (one connection).
const inForce = prepared((db) =>
  db
    .select()
    .from(suspensions)
    .where(activeWhere(sql.placeholder("userId"), sql.placeholder("now")))
    .orderBy(desc(suspensions.id))
    .prepare(),
);

/** The member's suspension in force at `now` (the one ending last), or null. */
export function activeSuspension(userId: number, { now = new Date() }: { now?: Date } = {}): ActiveSuspension | null {
  const rows = inForce().all({ userId, now: now.getTime() });
  if (rows.length === 0) return null;
  // No end beats any end; else the latest end.
  const row = rows.find((r) => r.until === null) ?? rows.reduce((a, b) => (a.until! > b.until! ? a : b));
  const until = row.until ? row.until.toISOString() : null;
  return { id: row.id, reason: row.reason, until, message: suspensionMessage({ until, reason: row.reason }) };
}

/** The one check of every write: a suspended member is refused with the reason and the end. */
export function assertNotSuspended(userId: number, now = new Date()): void {
  const active = activeSuspension(userId, { now });
  if (active) throw forbidden(active.message);
}

/** Suspends `userId` inside the caller's transaction (the queue's 'remove and suspend' uses it too). */
export function suspendInTx(
  tx: DbOrTx,
  { moderator, userId, reason, until, now = new Date() }: { moderator: Staff; userId: number; reason: string; until: Date | null; now?: Date },
): { id: number; until: string | null } {
  const target = tx.select({ id: users.id, username: users.username, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).get();
  if (!target) throw notFound(NOT_FOUND.user);
  if (target.id === moderator.id) throw forbidden(CANNOT_SUSPEND_SELF);
  if (target.isAdmin) throw forbidden(ADMIN_NOT_SUSPENDABLE);
  assertOutranks(tx, moderator, userId, { person: true });
  if (until && until <= now) throw invalid(SUSPENSION_END_PAST, "until");
  const row = tx.insert(suspensions).values({ userId, reason, until }).returning({ id: suspensions.id }).get();
  appendModerationLog(tx, {
    admin: moderator,
    action: "suspend_user",
    target: { kind: "user", id: userId, label: target.username },
    reason: until ? `${reason} (until ${formatUntil(until)})` : `${reason} (no end)`,
  });
  notify({ userId, actorId: null, type: "account_suspended", params: { until: until ? until.toISOString() : null, reason } });
  return { id: row.id, until: until ? until.toISOString() : null };
}

/** An admin suspends a member (never an admin, never themselves), logged and notified. */
export function suspendUser({ actorId, userId, reason, until, now = new Date() }: { actorId: number; userId: number; reason: string; until: Date | null; now?: Date }) {
  return writeTransaction((tx) => {
    const moderator = requireModerator(tx, actorId);
    // A suspension holds everywhere: from the Users tab, a site-wide moderator's (a category
    // moderator suspends through a case of their categories).
    assertInReach(moderator, null);
    const made = suspendInTx(tx, { moderator, userId, reason, until, now });
    return { suspended: true as const, ...made, message: suspensionMessage({ until: made.until, reason }) };
  });
}

/** Lifts every suspension in force (logged); 404 when there is none. */
export function liftSuspension({ actorId, userId, reason = null, now = new Date() }: { actorId: number; userId: number; reason?: string | null; now?: Date }) {
  return writeTransaction((tx) => {
    const moderator = requireModerator(tx, actorId);
    assertInReach(moderator, null);
    const target = tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).get();
    if (!target) throw notFound(NOT_FOUND.user);
    const lifted = tx.update(suspensions).set({ liftedAt: now }).where(activeWhere(userId, now)).returning({ id: suspensions.id }).all();
    if (lifted.length === 0) throw notFound(NOT_SUSPENDED);
    appendModerationLog(tx, { admin: moderator, action: "lift_suspension", target: { kind: "user", id: userId, label: target.username }, reason });
    return { suspended: false as const };
  });
}

const ENDS_PER_PASS = 100;

/**
 * Logs the suspensions whose end date has come (a lift is logged by the lift): one entry each, by
 * the site, marked so it is logged once. Run by the maintenance timer, so an end is in the public log
 * within a minute of it; at most ENDS_PER_PASS a pass, read by the partial index of due ends.
 */
export function logEndedSuspensions(now = new Date()): number {
  const dueWhere = and(isNotNull(suspensions.until), isNull(suspensions.liftedAt), isNull(suspensions.endLoggedAt), lte(suspensions.until, now));
  // Most minutes nothing is due: no write lock is taken for them.
  if (!getDb().select({ id: suspensions.id }).from(suspensions).where(dueWhere).limit(1).get()) return 0;
  // Read again inside the transaction: another worker's pass may have logged them a moment ago.
  return writeTransaction((tx) => {
    const due = tx
      .select({ id: suspensions.id, userId: suspensions.userId, until: suspensions.until, username: users.username })
      .from(suspensions)
      .innerJoin(users, eq(users.id, suspensions.userId))
      .where(dueWhere)
      .orderBy(asc(suspensions.until))
      .limit(ENDS_PER_PASS)
      .all();
    for (const s of due) {
      tx.update(suspensions).set({ endLoggedAt: now }).where(eq(suspensions.id, s.id)).run();
      appendModerationLog(tx, {
        admin: { role: "site" },
        action: "end_suspension",
        target: { kind: "user", id: s.userId, label: s.username },
        reason: `${SUSPENSION_RAN_OUT} (${formatUntil(s.until!)})`,
      });
    }
    return due.length;
  });
}

/** Members suspended at `now`, for the admin Users tab: id → message. */
export function suspendedUsers(userIds: number[], now = new Date()): Map<number, ActiveSuspension> {
  const map = new Map<number, ActiveSuspension>();
  for (const id of userIds) {
    const active = activeSuspension(id, { now });
    if (active) map.set(id, active);
  }
  return map;
}

/** A member's suspensions, newest first, with their dates as ISO text (the queue's history, the standing page). */
export function suspensionRecords(userId: number) {
  return getDb()
    .select()
    .from(suspensions)
    .where(eq(suspensions.userId, userId))
    .orderBy(desc(suspensions.id))
    .all()
    .map((s) => ({
      id: s.id,
      reason: s.reason,
      until: s.until?.toISOString() ?? null,
      liftedAt: s.liftedAt?.toISOString() ?? null,
      createdAt: s.createdAt.toISOString(),
      active: (now: Date) => s.liftedAt === null && (s.until === null || s.until > now),
    }));
}
