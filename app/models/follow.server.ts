// Following: the follow rows, the two counters they change (in the same BEGIN IMMEDIATE
// transaction), the new_follower notification, and the Following feed.
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { follows, notifications, posts, users } from "#db/schema.ts";
import { invalid, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { SELF_FOLLOW, type FollowState } from "~/rules/interactions/follow-member.ts";
import type { PostView } from "~/lib/browse.ts";
import { assertMayInteract } from "./block.server.ts";
import { notifyNewFollower } from "./notification.server.ts";
import { listPostsByIds } from "./post/index.server.ts";
import { getDb } from "#db/client.server.ts";
import { inJsonArray, prepared, preparedFor, writeTransaction, type DbOrTx } from "./db.server.ts";
import { mutingFor } from "./mute/mute.server.ts";
import { mutedParams, mutedPostCondition, mutedShape, withinMutedWindow } from "./mute/muted-sql.server.ts";

/** A member hears about a follower at most once in this long (follow, unfollow, follow again: one). */
const NEW_FOLLOWER_QUIET_MS = 24 * 60 * 60 * 1000;


type FollowInput = { followerId: number; followingId: number; now?: number };

function followersOf(tx: DbOrTx, userId: number): number {
  return tx.select({ n: users.followersCount }).from(users).where(eq(users.id, userId)).get()?.n ?? 0;
}

/** Runs a follow change in one immediate transaction, after the checks every change shares. */
function change(
  { followerId, followingId }: FollowInput,
  apply: (tx: DbOrTx, follower: { id: number; username: string }) => void,
): FollowState {
  if (followerId === followingId) throw invalid(SELF_FOLLOW);
  return writeTransaction((tx) => {
      const found = tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [followerId, followingId]))
        .all();
      const follower = found.find((u) => u.id === followerId);
      if (!found.some((u) => u.id === followingId) || !follower) throw notFound(NOT_FOUND.user);
      apply(tx, follower);
      return { following: isFollowingIn(followerId, followingId), followersCount: followersOf(tx, followingId) };
    });
}

// The profile page asks it on every view: prepared once per connection (inside a write it is part of
// that write's transaction: there is one connection).
const followRow = prepared((db) =>
  db
    .select({ id: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, sql.placeholder("followerId")), eq(follows.followingId, sql.placeholder("followingId"))))
    .prepare(),
);

function isFollowingIn(followerId: number, followingId: number): boolean {
  return Boolean(followRow().get({ followerId, followingId }));
}

function adjustCounters(tx: DbOrTx, { followerId, followingId }: FollowInput, delta: 1 | -1) {
  tx.update(users).set({ followersCount: sql`${users.followersCount} + ${delta}` }).where(eq(users.id, followingId)).run();
  tx.update(users).set({ followingCount: sql`${users.followingCount} + ${delta}` }).where(eq(users.id, followerId)).run();
}

/**
 * `followerId` follows `followingId` (following twice changes nothing). Both counters change with
 * the row; the followed member gets a new_follower notification unless this follower already sent
 * one in the last 24 hours. Problems: invalid (yourself), not_found (no such member), forbidden
 * (either blocked the other).
 */
export function followUser(input: FollowInput): FollowState {
  return change(input, (tx, follower) => {
    assertMayInteract({ actorId: input.followerId, targetId: input.followingId });
    const inserted = tx
      .insert(follows)
      .values({ followerId: input.followerId, followingId: input.followingId })
      .onConflictDoNothing()
      .run().changes;
    if (!inserted) return;
    adjustCounters(tx, input, 1);
    const since = new Date((input.now ?? Date.now()) - NEW_FOLLOWER_QUIET_MS);
    const recent = tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, input.followingId),
          eq(notifications.actorId, input.followerId),
          eq(notifications.type, "new_follower"),
          gte(notifications.createdAt, since),
        ),
      )
      .get();
    if (!recent) notifyNewFollower({ follower, followingId: input.followingId });
  });
}

/** Stops following (unfollowing twice changes nothing); the same Problems as followUser. */
export function unfollowUser(input: FollowInput): FollowState {
  return change(input, (tx) => {
    const removed = tx
      .delete(follows)
      .where(and(eq(follows.followerId, input.followerId), eq(follows.followingId, input.followingId)))
      .run().changes;
    if (removed) adjustCounters(tx, input, -1);
  });
}

/** Whether the viewer follows the user (false for visitors and for yourself). */
export function isFollowing({ followerId, followingId }: { followerId: number | null | undefined; followingId: number }): boolean {
  return followerId ? isFollowingIn(followerId, followingId) : false;
}

const followedAmong = prepared((db) =>
  db
    .select({ id: follows.followingId })
    .from(follows)
    .where(
      and(
        eq(follows.followerId, sql.placeholder("followerId")),
        inJsonArray(follows.followingId, "ids"),
      ),
    )
    .prepare(),
);

/** Which of `userIds` the viewer follows (one query, the ids as one JSON array; empty for visitors). */
export function listFollowedIds({ followerId, userIds }: { followerId: number | null | undefined; userIds: number[] }): Set<number> {
  if (!followerId || userIds.length === 0) return new Set();
  const rows = followedAmong().all({ followerId, ids: JSON.stringify(userIds) });
  return new Set(rows.map((r) => r.id));
}

/** Whom to suggest following (an empty Following feed): the given members but yourself, each with whether you follow them. */
export function suggestFollows<T extends { id: number }>({ followerId, people }: { followerId: number; people: T[] }): (T & { following: boolean })[] {
  const others = people.filter((p) => p.id !== followerId);
  const followed = listFollowedIds({ followerId, userIds: others.map((p) => p.id) });
  return others.map((p) => ({ ...p, following: followed.has(p.id) }));
}

// A page of the feed's ids; for a member who muted or hid something (`muted`), without it, so the
// page fills up (decision 0125).
const followingPage = (muted: "" | "muted" | "words") =>
  preparedFor(`following-page ${muted}`, () => {
    const db = getDb();
    const own = inArray(posts.userId, db.select({ id: follows.followingId }).from(follows).where(eq(follows.followerId, sql.placeholder("followerId"))));
    const order = [desc(posts.createdAt), desc(posts.id)];
    return db
      .select({ id: posts.id })
      .from(posts)
      .where(muted ? and(withinMutedWindow(own, order), mutedPostCondition(muted)) : own)
      .orderBy(...order)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare();
  });

/** The Following feed: posts by the people the member follows, newest first. */
export function listFollowingPosts({
  followerId,
  limit,
  offset = 0,
}: {
  followerId: number;
  limit: number;
  offset?: number;
}): PostView[] {
  const muting = mutingFor(followerId);
  const muted = mutedShape(muting);
  const ids = followingPage(muted)
    .all({ followerId, limit, offset, ...(muted ? mutedParams(muting, { offset, limit }) : {}) })
    .map((r) => r.id);
  // The page's statement left out what they muted: the posts need not be filtered again.
  return listPostsByIds({ ids, viewerId: followerId, hideBlocked: true, muted: false });
}
