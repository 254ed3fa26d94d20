import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { notifications, users } from "#db/schema.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { followUser, isFollowing, listFollowedIds, listFollowingPosts, suggestFollows, unfollowUser } from "./follow.server.ts";
import { notificationText } from "~/rules/notification-registry.ts";

function counters(id: number) {
  return getDb()
    .select({
      followers: users.followersCount,
      following: users.followingCount,
      followerRows: sql<number>`(SELECT count(*) FROM follows WHERE following_id = ${id})`,
      followingRows: sql<number>`(SELECT count(*) FROM follows WHERE follower_id = ${id})`,
    })
    .from(users)
    .where(eq(users.id, id))
    .get()!;
}

function followerNotifications(userId: number, actorId: number) {
  return getDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.actorId, actorId), eq(notifications.type, "new_follower")))
    .all()
    .map((n) => ({ ...n, message: notificationText(n) }));
}

describe("follow", () => {
  it("follow and unfollow change both counters with the row, twice changes nothing", () => {
    const fan = makeUser();
    const star = makeUser();
    expect(followUser({ followerId: fan.id, followingId: star.id })).toEqual({ following: true, followersCount: 1 });
    expect(followUser({ followerId: fan.id, followingId: star.id })).toEqual({ following: true, followersCount: 1 });
    expect(isFollowing({ followerId: fan.id, followingId: star.id })).toBe(true);
    expect(isFollowing({ followerId: star.id, followingId: fan.id })).toBe(false);
    expect(counters(star.id)).toMatchObject({ followers: 1, followerRows: 1, following: 0 });
    expect(counters(fan.id)).toMatchObject({ following: 1, followingRows: 1, followers: 0 });

    expect(unfollowUser({ followerId: fan.id, followingId: star.id })).toEqual({ following: false, followersCount: 0 });
    expect(unfollowUser({ followerId: fan.id, followingId: star.id })).toEqual({ following: false, followersCount: 0 });
    expect(counters(star.id)).toMatchObject({ followers: 0, followerRows: 0 });
    expect(counters(fan.id)).toMatchObject({ following: 0, followingRows: 0 });
  });

  it("refuses following yourself and unknown members", () => {
    const me = makeUser();
    expect(() => followUser({ followerId: me.id, followingId: me.id })).toThrow(
      expect.objectContaining({ kind: "invalid", message: "You cannot follow yourself" }),
    );
    expect(() => followUser({ followerId: me.id, followingId: 99_999_999 })).toThrow(
      expect.objectContaining({ kind: "not_found", message: "User not found" }),
    );
    expect(() => unfollowUser({ followerId: me.id, followingId: 99_999_999 })).toThrow(expect.objectContaining({ kind: "not_found" }));
    expect(counters(me.id)).toMatchObject({ followers: 0, following: 0 });
  });

  it("notifies the followed member once per follower per 24 hours", () => {
    const fan = makeUser();
    const star = makeUser();
    followUser({ followerId: fan.id, followingId: star.id });
    unfollowUser({ followerId: fan.id, followingId: star.id });
    followUser({ followerId: fan.id, followingId: star.id });
    const first = followerNotifications(star.id, fan.id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ message: `${fan.username} started following you`, postId: null, isRead: false });

    // 25 hours later the same follower may notify again.
    unfollowUser({ followerId: fan.id, followingId: star.id });
    followUser({ followerId: fan.id, followingId: star.id, now: Date.now() + 25 * 60 * 60 * 1000 });
    expect(followerNotifications(star.id, fan.id)).toHaveLength(2);

    // Another follower is another notification; the follower hears nothing.
    const other = makeUser();
    followUser({ followerId: other.id, followingId: star.id });
    expect(followerNotifications(star.id, other.id)).toHaveLength(1);
    expect(followerNotifications(fan.id, star.id)).toHaveLength(0);
  });

  it("lists which of some members the viewer follows", () => {
    const me = makeUser();
    const [a, b, c] = [makeUser(), makeUser(), makeUser()];
    followUser({ followerId: me.id, followingId: a.id });
    followUser({ followerId: me.id, followingId: c.id });
    expect([...listFollowedIds({ followerId: me.id, userIds: [a.id, b.id, c.id] })].sort()).toEqual([a.id, c.id].sort());
    expect(listFollowedIds({ followerId: null, userIds: [a.id] }).size).toBe(0);
    expect(suggestFollows({ followerId: me.id, people: [a, b, me].map((u) => ({ id: u.id, upvotes: 1 })) })).toEqual([
      { id: a.id, upvotes: 1, following: true },
      { id: b.id, upvotes: 1, following: false },
    ]);
  });

  it("the Following feed has the followed members' posts, newest first, paged", () => {
    const me = makeUser();
    const [a, b, stranger] = [makeUser(), makeUser(), makeUser()];
    followUser({ followerId: me.id, followingId: a.id });
    followUser({ followerId: me.id, followingId: b.id });
    const t = Date.now() - 60_000;
    const p1 = makePost({ userId: a.id, createdAt: new Date(t) });
    const p2 = makePost({ userId: b.id, createdAt: new Date(t + 1000) });
    makePost({ userId: stranger.id, createdAt: new Date(t + 2000) });
    const p3 = makePost({ userId: a.id, createdAt: new Date(t + 3000) });
    expect(listFollowingPosts({ followerId: me.id, limit: 10 }).map((p) => p.id)).toEqual([p3.id, p2.id, p1.id]);
    expect(listFollowingPosts({ followerId: me.id, limit: 1, offset: 1 }).map((p) => p.id)).toEqual([p2.id]);
    expect(listFollowingPosts({ followerId: stranger.id, limit: 10 })).toEqual([]);
  });
});
