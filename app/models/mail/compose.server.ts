// What goes into the queue (decision 0131): a member's unread notices of the kinds they opted into,
// once the oldest has waited MAIL_BATCH_MS (so a burst is one mail), and the weekly digest for members
// who did not visit that week. Each mail is queued in the transaction that moves the member's cursor:
// composing again queues nothing twice.
//
// Both selections are built from the notification rows and one query of posts, so a filter on them
// holds for mail too: blocks are applied here (a block made after a notice keeps it out of mail).
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { emailCursors, emailPreferences, mailQueue, notifications, posts, users } from "#db/schema.ts";
import { NOTICE_KINDS, type UnsubscribeScope } from "~/rules/email-rules.ts";
import { notificationHref, notificationLinks, notificationText, typesMailedAs } from "~/rules/notification-registry.ts";
import { getDb } from "#db/client.server.ts";
import { writeTransaction, type Tx } from "../db.server.ts";
import { digestMail, noticesMail, type MailBody } from "./mail-body.server.ts";
import { unsubscribePath } from "./unsubscribe-link.server.ts";
import { unmuted } from "../notification.server.ts";
import { isMuting, mutingFor } from "../mute/mute.server.ts";
import { mutedNoticeCondition } from "../mute/muted-sql.server.ts";

/** How many posts a digest lists. */
const DIGEST_SIZE = 5;

type Clock = { now: number; origin: string };

/** Members whose oldest unmailed notice of an opted-in kind is old enough. */
// A type is mailed as the e-mail kind of its own name (the registry's test holds it), so one IN reads both.
function dueForNotices(cutoff: number): number[] {
  return getDb()
    .all<{ userId: number }>(sql`
      SELECT c.user_id AS userId FROM ${emailCursors} c
      JOIN ${notifications} n ON n.user_id = c.user_id AND n.id > c.notices_through AND n.is_read = 0
      WHERE n.type IN (SELECT kind FROM ${emailPreferences} p WHERE p.user_id = c.user_id)
      GROUP BY c.user_id HAVING min(n.created_at) <= ${cutoff}`)
    .map((r) => r.userId);
}

/** A member blocked either way with the notice's actor. */
const blockedActor = sql`EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${notifications.userId} AND b.blocked_id = ${notifications.actorId}) OR (b.blocker_id = ${notifications.actorId} AND b.blocked_id = ${notifications.userId}))`;

function enqueue(tx: Tx, { userId, to, dedupeKey, body, scope, origin }: { userId: number; to: string; dedupeKey: string; body: MailBody; scope: UnsubscribeScope; origin: string }) {
  tx.insert(mailQueue)
    .values({ userId, toAddress: to, dedupeKey, subject: body.subject, text: body.text, html: body.html, unsubscribeUrl: `${origin}${unsubscribePath(userId, scope)}` })
    .onConflictDoNothing()
    .run();
}

const links = (origin: string, userId: number, scope: UnsubscribeScope) => ({
  unsubscribe: `${origin}${unsubscribePath(userId, scope)}`,
  preferences: `${origin}/account/email`,
});

function recipient(tx: Tx, userId: number) {
  const user = tx.select({ email: users.email, username: users.username, verified: users.emailVerified }).from(users).where(eq(users.id, userId)).get();
  return user?.verified ? user : null;
}

/** Queues one mail per member whose notices are due; returns how many were queued. */
export function composeNoticeMails({ now, origin, batchMs }: Clock & { batchMs: number }): number {
  let queued = 0;
  for (const userId of dueForNotices(now - batchMs)) {
    writeTransaction((tx) => {
      const cursor = tx.select({ through: emailCursors.noticesThrough }).from(emailCursors).where(eq(emailCursors.userId, userId)).get();
      if (!cursor) return;
      const kinds = tx.select({ kind: emailPreferences.kind }).from(emailPreferences).where(eq(emailPreferences.userId, userId)).all().map((r) => r.kind);
      const noticeTypes = typesMailedAs(NOTICE_KINDS.filter((k) => kinds.includes(k)));
      const newest = tx.select({ id: sql<number>`coalesce(max(${notifications.id}), 0)` }).from(notifications).where(eq(notifications.userId, userId)).get()?.id ?? 0;
      // Mutes (when a member mutes words, members or categories) belong in this where, as on the bell.
      const filtered =
        noticeTypes.length === 0
          ? []
          : tx
              .select({ id: notifications.id, type: notifications.type, params: notifications.params, postId: notifications.postId, commentId: notifications.commentId, actorId: notifications.actorId, batchSize: notifications.batchSize })
              .from(notifications)
              .where(and(eq(notifications.userId, userId), gt(notifications.id, cursor.through), eq(notifications.isRead, false), inArray(notifications.type, noticeTypes), sql`NOT ${blockedActor}`, unmuted(userId)))
              .orderBy(notifications.id)
              .all();
      tx.update(emailCursors).set({ noticesThrough: newest }).where(eq(emailCursors.userId, userId)).run();
      const user = recipient(tx, userId);
      if (!user || filtered.length === 0) return;
      const body = noticesMail({
        username: user.username,
        lines: filtered.map((n) => ({ message: notificationText(n), href: `${origin}${notificationHref(n)}`, more: notificationLinks(n).map((l) => ({ ...l, href: `${origin}${l.href}` })) })),
        ...links(origin, userId, "notices"),
      });
      enqueue(tx, { userId, to: user.email, dedupeKey: `notices:${userId}:${cursor.through}-${newest}`, body, scope: "notices", origin });
      queued++;
    });
  }
  return queued;
}

/** The member's last visit we know of: a session used, or something they wrote or voted. */
function lastVisit(tx: Tx, userId: number): number {
  const row = tx.get<{ at: number | null }>(sql`
    SELECT max(
      coalesce((SELECT max(coalesce(last_seen_at, created_at)) FROM sessions WHERE user_id = ${userId}), 0),
      coalesce((SELECT max(created_at) FROM comments WHERE user_id = ${userId}), 0),
      coalesce((SELECT max(created_at) FROM votes WHERE user_id = ${userId}), 0),
      coalesce((SELECT max(created_at) FROM posts WHERE user_id = ${userId}), 0)
    ) AS at`);
  return row?.at ?? 0;
}

/**
 * The funniest posts of the period the member has not seen: not theirs, not voted on, commented on or
 * saved by them, not opened by them, by nobody blocked either way, nothing they muted or hid; highest
 * score first.
 */
function unseenFunniest(tx: Tx, userId: number, since: number) {
  // What the member muted or hid stays out of their digest as out of their lists (decision 0125).
  const muting = mutingFor(userId);
  return tx
    .select({ id: posts.id, title: posts.title, comment: posts.comment, commentAuthor: posts.commentAuthor, score: posts.score })
    .from(posts)
    .where(
      and(
        gt(posts.createdAt, new Date(since)),
        sql`${posts.userId} IS NOT ${userId}`,
        sql`NOT EXISTS (SELECT 1 FROM votes v WHERE v.post_id = ${posts.id} AND v.user_id = ${userId})`,
        sql`NOT EXISTS (SELECT 1 FROM comments c WHERE c.post_id = ${posts.id} AND c.user_id = ${userId})`,
        sql`NOT EXISTS (SELECT 1 FROM saves s WHERE s.post_id = ${posts.id} AND s.user_id = ${userId})`,
        sql`NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${userId} AND b.blocked_id = ${posts.userId}) OR (b.blocker_id = ${posts.userId} AND b.blocked_id = ${userId}))`,
        sql`NOT EXISTS (SELECT 1 FROM post_reads r WHERE r.post_id = ${posts.id} AND r.user_id = ${userId})`,
        isMuting(muting) ? mutedNoticeCondition(posts.userId, posts.id, muting) : undefined,
      ),
    )
    .orderBy(desc(posts.score), desc(posts.createdAt))
    .limit(DIGEST_SIZE)
    .all();
}

/** Queues the digest of each opted-in member whose week is over and who did not visit in it. */
export function composeDigests({ now, origin, periodMs }: Clock & { periodMs: number }): number {
  const due = getDb()
    .all<{ userId: number }>(sql`
      SELECT p.user_id AS userId FROM ${emailPreferences} p JOIN ${emailCursors} c ON c.user_id = p.user_id
      WHERE p.kind = 'weekly_digest' AND (c.digest_at IS NULL OR c.digest_at <= ${now - periodMs})`)
    .map((r) => r.userId);
  let queued = 0;
  for (const userId of due) {
    writeTransaction((tx) => {
      const cursor = tx.select({ digestAt: emailCursors.digestAt }).from(emailCursors).where(eq(emailCursors.userId, userId)).get();
      if (!cursor || (cursor.digestAt && cursor.digestAt.getTime() > now - periodMs)) return;
      // The week is settled either way: the next one starts now.
      tx.update(emailCursors).set({ digestAt: new Date(now) }).where(eq(emailCursors.userId, userId)).run();
      // "That week": since the last digest was considered (or the opt-in), so no post falls between two.
      const since = cursor.digestAt?.getTime() ?? now - periodMs;
      if (lastVisit(tx, userId) > since) return;
      const user = recipient(tx, userId);
      const found = user ? unseenFunniest(tx, userId, since) : [];
      if (!user || found.length === 0) return;
      const body = digestMail({
        username: user.username,
        posts: found.map((p) => ({ ...p, href: `${origin}/post/${p.id}` })),
        ...links(origin, userId, "weekly_digest"),
      });
      enqueue(tx, { userId, to: user.email, dedupeKey: `digest:${userId}:${cursor.digestAt?.getTime() ?? 0}`, body, scope: "weekly_digest", origin });
      queued++;
    });
  }
  return queued;
}
