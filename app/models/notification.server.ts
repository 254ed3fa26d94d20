import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { notifications, users, type NotificationType } from "#db/schema.ts";
import type { NotificationView } from "~/lib/notification-view.ts";
import { mayNotify } from "./block.server.ts";
import { prepared } from "./db.server.ts";
import { isMuting, mutingFor } from "./mute/mute.server.ts";
import { mutedNoticeCondition, mutedWindow } from "./mute/muted-sql.server.ts";

export type { NotificationView };

export const NOTIFICATION_LIST_LIMIT = 50;

/** "A rather long post title that…" — titles are quoted in messages, kept short. */
export function quoteTitle(title: string, max = 60): string {
  const t = title.trim();
  return `"${t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t}"`;
}

/** The message of each type: who did what to what (docs/product.md §2, §8). */
export const notificationMessage = {
  comment_on_post: (actor: string, title: string) => `${actor} commented on your post ${quoteTitle(title)}`,
  reply_to_comment: (actor: string, title: string) => `${actor} replied to your comment on ${quoteTitle(title)}`,
  post_upvote: (actor: string, title: string) => `${actor} upvoted your post ${quoteTitle(title)}`,
  post_downvote: (actor: string, title: string) => `${actor} downvoted your post ${quoteTitle(title)}`,
  comment_upvote: (actor: string, title: string) => `${actor} upvoted your comment on ${quoteTitle(title)}`,
  comment_downvote: (actor: string, title: string) => `${actor} downvoted your comment on ${quoteTitle(title)}`,
  new_follower: (actor: string) => `${actor} started following you`,
  trending_comment: (score: number, title: string) => `Your post ${quoteTitle(title)} is trending with a score of ${score}!`,
  mention: (actor: string, title: string) => `${actor} mentioned you on ${quoteTitle(title)}`,
  thread_activity: (count: number, title: string) => `${count} new ${count === 1 ? "comment" : "comments"} in ${quoteTitle(title)}`,
} as const;

// Whether `actorId` may notify `recipientId` at all (a block) is asked in one place: block.server.ts.
export { mayNotify };

export type NewNotification = {
  /** The recipient; null (an author whose account is gone) notifies nobody. */
  userId: number | null;
  actorId: number | null;
  type: NotificationType;
  message: string;
  postId?: number | null;
  commentId?: number | null;
  /** A moderator approved the write that causes it: a new account's notifies too (spam: decision 0121). */
  vouched?: boolean;
};

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
      .values({ userId: p("userId"), actorId: p("actorId"), type: p("type"), message: p("message"), postId: p("postId"), commentId: p("commentId") })
      .prepare(),
    actorIsNew: db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, p("actorId")), eq(users.newcomer, true), eq(users.isAdmin, false)))
      .prepare(),
    withdrawOnPost: withdraw(notifications.postId, ["post_upvote", "post_downvote"]),
    withdrawOnComment: withdraw(notifications.commentId, ["comment_upvote", "comment_downvote"]),
  };
});

/**
 * A new account's comments, mentions, follows and votes notify nobody until it has earned trust (a
 * spammer reaches no member), unless a moderator approved the write (`vouched`). Every notice asks it,
 * the thread lines too (watch.server.ts).
 */
export function mayNotifyAsActor(actorId: number | null, vouched = false): boolean {
  return vouched || actorId === null || !statements().actorIsNew.get({ actorId });
}

/**
 * Creates a notification. Call it inside the transaction of its cause (one connection: it is part
 * of that transaction). Acting on your own content notifies nobody: when the actor is the
 * recipient, or there is no recipient, nothing is written; nor between members blocked either way.
 */
export function notify(n: NewNotification): boolean {
  if (n.userId === null || n.userId === n.actorId) return false;
  if (!mayNotify(n.userId, n.actorId)) return false;
  if (!mayNotifyAsActor(n.actorId, n.vouched)) return false;
  const { vouched: _, ...row } = n;
  statements().insert.run({ ...row, postId: n.postId ?? null, commentId: n.commentId ?? null });
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
  return notify({
    userId: followingId,
    actorId: follower.id,
    type: "new_follower",
    message: notificationMessage.new_follower(follower.username),
  });
}

function toView(row: typeof notifications.$inferSelect): NotificationView {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    postId: row.postId,
    commentId: row.commentId,
    actorId: row.actorId,
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
  const row = getDb()
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning()
    .get();
  if (!row) throw notFound(NOT_FOUND.notification);
  return toView(row);
}

/** Marks every notification of the user read; returns how many changed. */
export function markAllNotificationsRead({ userId }: { userId: number }): number {
  return getDb()
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .run().changes;
}
