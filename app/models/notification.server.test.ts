import { describe, expect, it } from "vitest";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import {
  countUnread,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notify,
  notifyNewFollower,
  openNotification,
  tellRoleChanged,
} from "./notification.server.ts";
import { tellRestored } from "./moderation/moderator-removal.server.ts";
import { castVote } from "./vote.server.ts";

describe("notifications", () => {
  it("lists the newest first with the unread count, and marks one or all read", () => {
    const me = makeUser();
    const post = makePost({ userId: me.id, title: "Mine" });
    const fans = [makeUser(), makeUser(), makeUser()];
    for (const fan of fans) castVote({ userId: fan.id, postId: post.id, isUpvote: true });
    const list = listNotifications({ userId: me.id });
    expect(list.map((n) => n.actorId)).toEqual(fans.map((f) => f.id).reverse());
    expect(list[0]).toEqual({
      id: expect.any(Number),
      type: "post_upvote",
      message: `${fans[2].username} upvoted your post "Mine"`,
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      postId: post.id,
      commentId: null,
      actorId: fans[2].id,
    });
    expect(countUnread({ userId: me.id })).toBe(3);

    expect(markNotificationRead({ id: list[1].id, userId: me.id })).toMatchObject({ id: list[1].id, isRead: true });
    expect(countUnread({ userId: me.id })).toBe(2);
    expect(markAllNotificationsRead({ userId: me.id })).toBe(2);
    expect(countUnread({ userId: me.id })).toBe(0);
    expect(listNotifications({ userId: me.id }).every((n) => n.isRead)).toBe(true);
  });

  it("never lets you mark someone else's notification", () => {
    const owner = makeUser();
    const stranger = makeUser();
    const post = makePost({ userId: owner.id });
    castVote({ userId: stranger.id, postId: post.id, isUpvote: false });
    const [n] = listNotifications({ userId: owner.id });
    expect(() => markNotificationRead({ id: n.id, userId: stranger.id })).toThrow(expect.objectContaining({ kind: "not_found" }));
    expect(markAllNotificationsRead({ userId: stranger.id })).toBe(0);
    expect(countUnread({ userId: owner.id })).toBe(1);
    expect(() => markNotificationRead({ id: 999999, userId: owner.id })).toThrow(expect.objectContaining({ kind: "not_found" }));
  });

  it("has a new_follower helper for the follows feature, silent for yourself", () => {
    const a = makeUser();
    const b = makeUser();
    expect(notifyNewFollower({ follower: { id: a.id, username: a.username }, followingId: b.id })).toBe(true);
    expect(listNotifications({ userId: b.id })).toEqual([
      expect.objectContaining({ type: "new_follower", actorId: a.id, postId: null, message: `${a.username} started following you` }),
    ]);
    expect(notify({ userId: a.id, actorId: a.id, type: "new_follower", params: { actor: "self" } })).toBe(false);
    expect(notify({ userId: null, actorId: a.id, type: "new_follower", params: { actor: "nobody" } })).toBe(false);
    expect(countUnread({ userId: a.id })).toBe(0);
  });


  it("tells a member their role changed, and a restored item's author, each leading where it should", () => {
    const m = makeUser();
    expect(tellRoleChanged({ userId: m.id, role: "moderator", granted: true })).toBe(true);
    expect(tellRoleChanged({ userId: m.id, role: "category moderator", granted: false })).toBe(true);
    const post = makePost({ userId: m.id, title: "Back again" });
    expect(tellRestored({ userId: m.id, noun: "post", label: post.title, postId: post.id })).toBe(true);
    const list = listNotifications({ userId: m.id });
    expect(list.map((n) => [n.type, n.message])).toEqual([
      ["content_restored", 'Your post "Back again" was restored'],
      ["role_changed", "You are no longer a category moderator"],
      ["role_changed", "You are now a moderator"],
    ]);
    expect(openNotification({ id: list[0].id, userId: m.id })).toEqual({ href: `/post/${post.id}` });
    expect(openNotification({ id: list[2].id, userId: m.id })).toEqual({ href: "/account/standing" });
    expect(() => openNotification({ id: list[2].id, userId: makeUser().id })).toThrow(expect.objectContaining({ kind: "not_found" }));
  });
});
