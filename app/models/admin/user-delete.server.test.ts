import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { users } from "#db/schema.ts";
import { count, wrongCounters } from "../../../tests/support/counters.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { createComment, deleteComment } from "../comment.server.ts";
import { followUser } from "../follow.server.ts";
import { listModerationLog } from "../moderation-log.server.ts";
import { notify } from "../notification.server.ts";
import { savePost } from "../save.server.ts";
import { castVote } from "../vote.server.ts";
import { deleteUserAsAdmin } from "./user-delete.server.ts";
import { LAST_ADMIN } from "./users.server.ts";
import { notificationText } from "~/rules/notification-registry.ts";

describe("deleteUserAsAdmin", () => {
  it("removes the account and everything it made, keeping every counter equal to COUNT(*)", () => {
    const admin = makeUser({ isAdmin: true });
    const gone = makeUser();
    const alice = makeUser();
    const bob = makeUser();

    // Their posts, with other people's comments, votes and saves.
    const theirPost = makePost({ userId: gone.id, title: "Gone's post" });
    const onTheirs = createComment({ userId: alice.id, postId: theirPost.id, content: "alice on gone's post" });
    castVote({ userId: bob.id, postId: theirPost.id, isUpvote: true });
    castVote({ userId: bob.id, commentId: onTheirs.id, isUpvote: true });
    savePost({ userId: alice.id, postId: theirPost.id });

    // Other people's posts with their comments: one answered (stays '[deleted]'), one not, one
    // answered only by themselves, and a reply of theirs under alice's comment.
    const alicePost = makePost({ userId: alice.id, title: "Alice's post" });
    const bobPost = makePost({ userId: bob.id, title: "Bob's post" });
    const answered = createComment({ userId: gone.id, postId: alicePost.id, content: "answered comment" });
    const replyByBob = createComment({ userId: bob.id, postId: alicePost.id, content: "bob answers", parentId: answered.id });
    const lonely = createComment({ userId: gone.id, postId: alicePost.id, content: "lonely comment" });
    const selfThread = createComment({ userId: gone.id, postId: bobPost.id, content: "self thread" });
    createComment({ userId: gone.id, postId: bobPost.id, content: "self reply", parentId: selfThread.id });
    const aliceTop = createComment({ userId: alice.id, postId: bobPost.id, content: "alice top" });
    const theirReply = createComment({ userId: gone.id, postId: bobPost.id, content: "their reply", parentId: aliceTop.id });
    // An earlier deleted comment of theirs that still holds a reply.
    const earlier = createComment({ userId: gone.id, postId: bobPost.id, content: "earlier" });
    createComment({ userId: alice.id, postId: bobPost.id, content: "alice answers earlier", parentId: earlier.id });
    deleteComment({ id: earlier.id, actorId: gone.id });

    // Votes on other people's posts and comments (both directions), and votes on their comments.
    castVote({ userId: gone.id, postId: alicePost.id, isUpvote: true });
    castVote({ userId: gone.id, postId: bobPost.id, isUpvote: false });
    castVote({ userId: gone.id, commentId: replyByBob.id, isUpvote: true });
    castVote({ userId: gone.id, commentId: aliceTop.id, isUpvote: false });
    castVote({ userId: alice.id, commentId: answered.id, isUpvote: true });
    castVote({ userId: alice.id, commentId: theirReply.id, isUpvote: true });
    castVote({ userId: alice.id, postId: alicePost.id, isUpvote: true });
    castVote({ userId: alice.id, postId: bobPost.id, isUpvote: false });
    savePost({ userId: gone.id, postId: bobPost.id });

    // Follows both ways, and notifications both ways.
    followUser({ followerId: gone.id, followingId: alice.id });
    followUser({ followerId: bob.id, followingId: gone.id });
    followUser({ followerId: alice.id, followingId: bob.id });
    notify({ userId: gone.id, actorId: alice.id, type: "post_upvote", params: { actor: "alice", title: "A post" } });

    expect(wrongCounters()).toEqual([]);
    const before = getDb().get<{ up: number; down: number; hot: number }>(sql`SELECT upvotes AS up, downvotes AS down, hot FROM posts WHERE id = ${bobPost.id}`)!;
    expect(before).toMatchObject({ up: 0, down: 2 });

    expect(deleteUserAsAdmin({ actorId: admin.id, userId: gone.id, reason: "spam" })).toEqual({ deleted: true, username: gone.username });

    expect(wrongCounters()).toEqual([]);
    const after = getDb().get<{ up: number; down: number; hot: number }>(sql`SELECT upvotes AS up, downvotes AS down, hot FROM posts WHERE id = ${bobPost.id}`)!;
    expect(after).toMatchObject({ up: 0, down: 1 });
    expect(after.hot).toBeGreaterThan(before.hot);

    // Nothing of theirs remains but '[deleted]' placeholders that hold other people's replies.
    expect(count(sql`SELECT count(*) AS n FROM users WHERE id = ${gone.id}`)).toBe(0);
    expect(count(sql`SELECT count(*) AS n FROM posts WHERE id = ${theirPost.id} OR user_id = ${gone.id}`)).toBe(0);
    expect(count(sql`SELECT count(*) AS n FROM comments WHERE post_id = ${theirPost.id}`)).toBe(0);
    for (const table of ["votes", "saves", "sessions", "notifications"]) {
      expect(count(sql`SELECT count(*) AS n FROM ${sql.raw(table)} WHERE user_id = ${gone.id}`), table).toBe(0);
    }
    expect(count(sql`SELECT count(*) AS n FROM follows WHERE follower_id = ${gone.id} OR following_id = ${gone.id}`)).toBe(0);
    expect(count(sql`SELECT count(*) AS n FROM notifications WHERE actor_id = ${gone.id}`)).toBe(0);
    const left = getDb().all<{ id: number; content: string; deleted: number; userId: number | null }>(
      sql`SELECT id, content, deleted_at IS NOT NULL AS deleted, user_id AS userId FROM comments WHERE id IN (${answered.id}, ${lonely.id}, ${selfThread.id}, ${theirReply.id}, ${earlier.id}) ORDER BY id`,
    );
    expect(left).toEqual([
      { id: answered.id, content: "[deleted]", deleted: 1, userId: null },
      { id: earlier.id, content: "[deleted]", deleted: 1, userId: null },
    ]);
    // Other people's replies under the placeholders are untouched.
    expect(count(sql`SELECT count(*) AS n FROM comments WHERE id = ${replyByBob.id} AND deleted_at IS NULL`)).toBe(1);

    // The notification alice received keeps its text; its actor is gone.
    const kept = getDb()
      .all<{ params: string; actorId: number | null }>(sql`SELECT params, actor_id AS actorId FROM notifications WHERE user_id = ${alice.id} AND type = 'new_follower'`)
      .map((n) => ({ message: notificationText({ type: "new_follower", params: JSON.parse(n.params), postId: null, commentId: null, actorId: n.actorId, batchSize: 1 }), actorId: n.actorId }));
    expect(kept).toEqual([{ message: expect.stringContaining(`${gone.username} started following you`), actorId: null }]);

    expect(listModerationLog().items[0]).toMatchObject({
      adminId: admin.id,
      adminName: admin.username,
      action: "delete_user",
      targetKind: "user",
      targetId: gone.id,
      targetLabel: gone.username,
      reason: "spam",
    });
  });

  it("refuses members, yourself, the last admin and unknown ids, changing nothing", () => {
    const admin = makeUser({ isAdmin: true });
    const member = makeUser();
    const victim = makeUser();
    expect(() => deleteUserAsAdmin({ actorId: member.id, userId: victim.id })).toThrow(expect.objectContaining({ kind: "forbidden", message: "Admin access required." }));
    expect(() => deleteUserAsAdmin({ actorId: admin.id, userId: 99_999_999 })).toThrow(expect.objectContaining({ kind: "not_found", message: "User not found" }));
    expect(() => deleteUserAsAdmin({ actorId: admin.id, userId: admin.id })).toThrow(expect.objectContaining({ kind: "invalid" }));
    // The only admin left: a demoted session cannot take the last admin with it either.
    getDb().update(users).set({ isAdmin: false }).where(sql`${users.id} <> ${admin.id}`).run();
    expect(() => deleteUserAsAdmin({ actorId: admin.id, userId: admin.id })).toThrow(expect.objectContaining({ kind: "invalid", message: LAST_ADMIN }));
    expect(count(sql`SELECT count(*) AS n FROM users WHERE id IN (${admin.id}, ${victim.id})`)).toBe(2);
  });
});
