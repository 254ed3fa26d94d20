// 'Download my data': everything the site keeps about a member, as one JSON document they can take
// away. Never the password hash, session tokens, reset tokens or the private feed token (secrets are
// not data about the member), and nothing about other members beyond the names on their own rows.
import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { notificationText } from "~/rules/notification-registry.ts";
import { comments, follows, heldItems, hiddenPosts, mailQueue, mutes, notifications, posts, saves, sessions, threadWatches, users, votes } from "#db/schema.ts";
import { getEmailPreferences } from "../mail/preferences.server.ts";
import { toHeldView } from "../spam/held.server.ts";
import { isDemo } from "~/rules/demo-rules.ts";
import { Problem, NOT_FOUND, notFound } from "~/lib/problem.ts";
import { deviceLabel } from "~/lib/user-agent.ts";
import { writeTransaction } from "../db.server.ts";

const EXPORT_EVERY_MS = 60 * 60 * 1000;

/** The export refused because one was made within the hour (429 with the wait). */
function exportTooSoon(retryAfterMs: number): Problem {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new Problem(
    "too_many",
    `You can download your data once an hour. Please try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`,
    { headers: { "Retry-After": String(Math.ceil(retryAfterMs / 1000)) } },
  );
}

/**
 * The member's data, and the time of this export noted in the same transaction, so two exports
 * cannot both pass the once-an-hour rule (two workers included).
 */
export function exportMemberData({ userId, now = new Date() }: { userId: number; now?: Date }) {
  return writeTransaction((tx) => {
    const user = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!user) throw notFound(NOT_FOUND.user);
    const last = user.dataExportedAt?.getTime();
    if (last !== undefined && now.getTime() - last < EXPORT_EVERY_MS) throw exportTooSoon(last + EXPORT_EVERY_MS - now.getTime());
    tx.update(users).set({ dataExportedAt: now }).where(eq(users.id, userId)).run();

    // Both directions of following, each other member by id and name only.
    const side = (self: AnySQLiteColumn, other: AnySQLiteColumn) =>
      tx
        .select({ userId: other, username: users.username, since: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, other))
        .where(eq(self, userId))
        .orderBy(asc(follows.createdAt))
        .all();
    const following = side(follows.followerId, follows.followingId);
    const followers = side(follows.followingId, follows.followerId);
    // The member's own rows of a table, oldest first.
    type Query<T> = { where: (where: SQL) => { orderBy: (order: SQL) => { all: () => T[] } } };
    const mine = <T>(query: Query<T>, owner: AnySQLiteColumn, order: AnySQLiteColumn) => query.where(eq(owner, userId)).orderBy(asc(order)).all();
    return {
      exportedAt: now.toISOString(),
      account: {
        id: user.id,
        username: user.username,
        email: user.email,
        isAdmin: user.isAdmin,
        displayName: user.displayName,
        bio: user.bio,
        location: user.location,
        occupation: user.occupation,
        website: user.website,
        joinedAt: user.createdAt.toISOString(),
      },
      posts: mine(
        tx.select({
          id: posts.id,
          title: posts.title,
          category: posts.category,
          comment: posts.comment,
          commentAuthor: posts.commentAuthor,
          videoId: posts.videoId,
          videoTitle: posts.videoTitle,
          upvotes: posts.upvotes,
          downvotes: posts.downvotes,
          commentsCount: posts.commentsCount,
          createdAt: posts.createdAt,
        }).from(posts),
        posts.userId,
        posts.id,
      ),
      comments: mine(
        tx.select({ id: comments.id, postId: comments.postId, parentId: comments.parentId, content: comments.content, createdAt: comments.createdAt, deletedAt: comments.deletedAt }).from(comments),
        comments.userId,
        comments.id,
      ),
      // What waits for a moderator (decision 0121): theirs until it is approved or rejected.
      waiting: mine(tx.select().from(heldItems), heldItems.userId, heldItems.id).map(toHeldView),
      votes: mine(
        tx.select({ postId: votes.postId, commentId: votes.commentId, direction: votes.isUpvote, createdAt: votes.createdAt }).from(votes),
        votes.userId,
        votes.id,
      ).map((v) => ({ ...v, direction: v.direction ? "up" : "down" })),
      saves: mine(tx.select({ postId: saves.postId, savedAt: saves.createdAt }).from(saves), saves.userId, saves.createdAt),
      following,
      followers,
      // What they muted (a member by id) and hid (decision 0125).
      mutes: mine(tx.select({ kind: mutes.kind, value: mutes.value, mutedAt: mutes.createdAt }).from(mutes), mutes.userId, mutes.id),
      hiddenPosts: mine(tx.select({ postId: hiddenPosts.postId, hiddenAt: hiddenPosts.createdAt }).from(hiddenPosts), hiddenPosts.userId, hiddenPosts.createdAt),
      // Each with its message as the member reads it (made from its params) and the params themselves.
      notifications: mine(
        tx.select({ id: notifications.id, type: notifications.type, params: notifications.params, postId: notifications.postId, commentId: notifications.commentId, actorId: notifications.actorId, batchSize: notifications.batchSize, isRead: notifications.isRead, createdAt: notifications.createdAt }).from(notifications),
        notifications.userId,
        notifications.id,
      ).map(({ id, type, params, postId, commentId, actorId, batchSize, isRead, createdAt }) => ({
        id,
        type,
        message: notificationText({ type, params, postId, commentId, actorId, batchSize }),
        params,
        postId,
        commentId,
        isRead,
        createdAt,
      })),
      // Threads followed (a post, or the replies to a comment); `following: false` is the author's mute.
      followedThreads: mine(
        tx.select({ postId: threadWatches.postId, commentId: threadWatches.commentId, following: threadWatches.following, since: threadWatches.createdAt }).from(threadWatches),
        threadWatches.userId,
        threadWatches.createdAt,
      ),
      emailPreferences: getEmailPreferences(userId),
      mails: mine(
        tx.select({ subject: mailQueue.subject, status: mailQueue.status, queuedAt: mailQueue.createdAt, sentAt: mailQueue.sentAt }).from(mailQueue),
        mailQueue.userId,
        mailQueue.id,
      ),
      // The shared demo account's sessions are other visitors'.
      sessions: isDemo(user) ? [] : tx
        .select({ userAgent: sessions.userAgent, signedInAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(asc(sessions.createdAt))
        .all()
        .map((s) => ({ device: deviceLabel(s.userAgent), ...s, lastSeenAt: s.lastSeenAt ?? s.signedInAt })),
    };
  });
}

export type MemberData = ReturnType<typeof exportMemberData>;

/** The download's file name: chortle-{username}-{yyyy-mm-dd}.json (the name is [A-Za-z0-9_]). */
export function exportFileName(data: MemberData): string {
  return `chortle-${data.account.username.replace(/[^\w-]/g, "_")}-${data.exportedAt.slice(0, 10)}.json`;
}
