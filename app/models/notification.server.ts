import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { heldItems, notifications, users, type NotificationType } from "#db/schema.ts";
import type { NotificationView } from "~/lib/notification-view.ts";
import { batchesPerPost, causedByMember, notificationHref, notificationLinks, notificationText, type NotificationParams } from "~/rules/notification-registry.ts";
import { getEnv } from "../integrations/env.server.ts";
import { mayNotify } from "./block.server.ts";
import { prepared } from "./db.server.ts";
import { isMuting, mutingFor } from "./mute/mute.server.ts";
import { mutedNoticeCondition, mutedWindow } from "./mute/muted-sql.server.ts";

export type { NotificationView };

export const NOTIFICATION_LIST_LIMIT = 50;

const DAY_MS = 86_400_000;

// Whether `actorId` may notify `recipientId` at all (a block) is asked in one place: block.server.ts.
export { mayNotify };

/** One notice to write: its type and that type's params (the registry makes its message when read). */
export type NewNotification = {
  [T in NotificationType]: {
    /** The recipient; null (an author whose account is gone) notifies nobody. */
    userId: number | null;
    actorId: number | null;
    type: T;
    params: NotificationParams[T];
    postId?: number | null;
    commentId?: number | null;
    /** A moderator approved the write that causes it: it notifies though more of its author's waits. */
    vouched?: boolean;
  };
}[NotificationType];

const p = sql.placeholder;
const statements = prepared((db) => {
  const withdraw = (target: typeof notifications.postId | typeof notifications.commentId, types: NotificationType[]) =>
    db
      .delete(notifications)
      .where(
        and(
          eq(notifications.actorId, p("actorId")),
          eq(target, p("targetId")),
          eq(notifications.isRead, false),
          inArray(notifications.type, types),
        ),
      )
      .prepare();
  return {
    insert: db
      .insert(notifications)
      .values({ userId: p("userId"), actorId: p("actorId"), type: p("type"), params: p("params"), postId: p("postId"), commentId: p("commentId") })
      .prepare(),
    openLine: db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, p("userId")), eq(notifications.isRead, false), eq(notifications.type, p("type")), eq(notifications.postId, p("postId"))))
      .prepare(),
    grow: db
      .update(notifications)
      .set({ batchSize: sql`${notifications.batchSize} + 1`, actorId: sql`${p("actorId")}`, params: sql`${p("params")}`, createdAt: sql`${p("now")}` })
      .where(eq(notifications.id, p("id")))
      .prepare(),
    actorIsNew: db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, p("actorId")), eq(users.newcomer, true), eq(users.isAdmin, false)))
      .prepare(),
    actorWaits: db.select({ id: heldItems.id }).from(heldItems).where(eq(heldItems.userId, p("actorId"))).limit(1).prepare(),
    // Read by notifications_actor_created_idx: only this account's own notices of the last day.
    reachedToday: db
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.actorId, p("actorId")), gt(notifications.createdAt, p("since"))))
      .prepare(),
    withdrawOnPost: withdraw(notifications.postId, ["post_upvote", "post_downvote"]),
    withdrawOnComment: withdraw(notifications.commentId, ["comment_upvote", "comment_downvote"]),
  };
});

/**
 * What one new account can cause (decision 0210): while anything of it waits for a moderator (the
 * site doubts it) it notifies nobody but for what a moderator approved (`vouched`), and in a day it notifies at most NEWCOMER_NOTIFY_DAILY distinct
 * members (a member it already told may be told again). A trusted member, an admin or the site is
 * never bounded here. Reads at most the account's own notices of the last day.
 */
function newcomerMayReach(actorId: number | null, recipientId: number, { vouched = false, now = Date.now() } = {}): boolean {
  if (actorId === null) return true;
  const q = statements();
  if (!q.actorIsNew.get({ actorId })) return true;
  if (!vouched && q.actorWaits.get({ actorId })) return false;
  const cap = getEnv().NEWCOMER_NOTIFY_DAILY;
  if (cap <= 0) return true;
  const reached = q.reachedToday.all({ actorId, since: now - DAY_MS });
  return reached.length < cap || reached.some((r) => r.userId === recipientId);
}

/**
 * Creates a notification. Call it inside the transaction of its cause (one connection: it is part
 * of that transaction). Acting on your own content notifies nobody: when the actor is the
 * recipient, or there is no recipient, nothing is written; nor between members blocked either way,
 * nor past what a new account may cause. A type that batches per post (the registry) grows its
 * member's unread line for that post instead of adding one.
 */
export function notify(n: NewNotification): boolean {
  if (n.userId === null || n.userId === n.actorId) return false;
  if (!mayNotify(n.userId, n.actorId)) return false;
  if (causedByMember(n.type) && !newcomerMayReach(n.actorId, n.userId, { vouched: n.vouched })) return false;
  const q = statements();
  const postId = n.postId ?? null;
  const open = batchesPerPost(n.type) && postId !== null ? q.openLine.get({ userId: n.userId, type: n.type, postId }) : undefined;
  // The insert maps params through the JSON column; the update's raw SQL takes the text itself.
  if (open) q.grow.run({ id: open.id, actorId: n.actorId, params: JSON.stringify(n.params), now: Date.now() });
  else q.insert.run({ userId: n.userId, actorId: n.actorId, type: n.type, params: n.params, postId, commentId: n.commentId ?? null });
  return true;
}

/**
 * Drops the still-unread notifications an actor's earlier vote caused on a target, so switching or
 * taking back a vote never piles up stale "upvoted your post" lines.
 */
export function withdrawVoteNotifications(target: { actorId: number } & ({ postId: number } | { commentId: number })) {
  if ("commentId" in target) statements().withdrawOnComment.run({ actorId: target.actorId, targetId: target.commentId });
  else statements().withdrawOnPost.run({ actorId: target.actorId, targetId: target.postId });
}

/** For the follows feature: call inside the transaction that inserts the follow row. */
export function notifyNewFollower({ follower, followingId }: { follower: { id: number; username: string }; followingId: number }) {
  return notify({ userId: followingId, actorId: follower.id, type: "new_follower", params: { actor: follower.username } });
}

/**
 * A member's role was granted or taken back: they are told (moderation/roles.server.ts's `onRoleChanged`).
 */
export function tellRoleChanged({ userId, role, granted }: { userId: number; role: string; granted: boolean }): boolean {
  return notify({ userId, actorId: null, type: "role_changed", params: { role, granted } });
}

function toView(row: typeof notifications.$inferSelect): NotificationView {
  const links = notificationLinks(row);
  return {
    id: row.id,
    type: row.type,
    message: notificationText(row),
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    postId: row.postId,
    commentId: row.commentId,
    actorId: row.actorId,
    ...(links.length ? { links } : {}),
  };
}

/** What a member muted leaves their notices too (the bell, the page, the e-mails): a muted member's, and those about a post they muted or hid. */
export function unmuted(userId: number) {
  const muting = mutingFor(userId);
  return isMuting(muting) ? mutedNoticeCondition(notifications.actorId, notifications.postId, muting) : undefined;
}

/**
 * A muting member's notices are tested only among their newest (unread ones for the count), at most
 * mutedWindow(limit) of them: whatever they muted, a list or the badge reads no more (decision 0160).
 */
function newestNotices(userId: number, limit: number, unread = false) {
  return sql`${notifications.id} IN (SELECT ${notifications.id} FROM ${notifications} WHERE ${notifications.userId} = ${userId}${unread ? sql` AND ${notifications.isRead} = 0` : sql``}
    ORDER BY ${notifications.createdAt} DESC, ${notifications.id} DESC LIMIT ${mutedWindow(limit)})`;
}

/** The newest notifications of a user (none from what they muted). */
export function listNotifications({ userId, limit = NOTIFICATION_LIST_LIMIT }: { userId: number; limit?: number }): NotificationView[] {
  const muted = unmuted(userId);
  return getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), muted && newestNotices(userId, limit), muted))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .all()
    .map(toView);
}

// The header's badge asks on every signed-in page: prepared once per connection.
const unreadStatement = prepared((db) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder("userId")), eq(notifications.isRead, false)))
    .prepare(),
);

export function countUnread({ userId }: { userId: number }): number {
  const muted = unmuted(userId);
  if (muted) {
    const where = and(eq(notifications.userId, userId), eq(notifications.isRead, false), newestNotices(userId, NOTIFICATION_LIST_LIMIT, true), muted);
    return getDb().select({ n: sql<number>`count(*)` }).from(notifications).where(where).get()?.n ?? 0;
  }
  return unreadStatement().get({ userId })?.n ?? 0;
}

/** Marks one of the user's own notifications read; Problem(not_found) when it is not theirs or does not exist. */
export function markNotificationRead({ id, userId }: { id: number; userId: number }): NotificationView {
  return toView(markRead(id, userId));
}

/** Opening one of the user's notifications: marked read, and where it leads (the registry's link). */
export function openNotification({ id, userId }: { id: number; userId: number }): { href: string } {
  return { href: notificationHref(markRead(id, userId)) };
}

function markRead(id: number, userId: number) {
  const row = getDb()
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning()
    .get();
  if (!row) throw notFound(NOT_FOUND.notification);
  return row;
}

/** Marks every notification of the user read; returns how many changed. */
export function markAllNotificationsRead({ userId }: { userId: number }): number {
  return getDb()
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .run().changes;
}
