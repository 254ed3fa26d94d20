import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { users } from "#db/schema.ts";
import { count, wrongCounters } from "../../../tests/support/counters.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { LAST_ADMIN } from "../admin/users.server.ts";
import { createComment } from "../comment.server.ts";
import { followUser } from "../follow.server.ts";
import { listModerationLog } from "../moderation-log.server.ts";
import { castVote } from "../vote.server.ts";
import { deleteOwnAccount } from "./self-delete.server.ts";

describe("deleteOwnAccount", () => {
  it("removes the member with the same cascade and logs a self-deletion with the member as actor", () => {
    const me = makeUser();
    const alice = makeUser();
    const mine = makePost({ userId: me.id });
    const alicePost = makePost({ userId: alice.id });
    createComment({ userId: alice.id, postId: mine.id, content: "on my post" });
    const answered = createComment({ userId: me.id, postId: alicePost.id, content: "mine" });
    createComment({ userId: alice.id, postId: alicePost.id, content: "answer", parentId: answered.id });
    castVote({ userId: me.id, postId: alicePost.id, isUpvote: true });
    followUser({ followerId: me.id, followingId: alice.id });
    followUser({ followerId: alice.id, followingId: me.id });

    expect(deleteOwnAccount({ userId: me.id })).toEqual({ deleted: true, username: me.username });

    expect(wrongCounters()).toEqual([]);
    expect(count(sql`SELECT count(*) AS n FROM users WHERE id = ${me.id}`)).toBe(0);
    expect(count(sql`SELECT count(*) AS n FROM posts WHERE user_id = ${me.id}`)).toBe(0);
    expect(count(sql`SELECT upvotes AS n FROM posts WHERE id = ${alicePost.id}`)).toBe(0);
    expect(count(sql`SELECT count(*) AS n FROM comments WHERE id = ${answered.id} AND content = '[deleted]' AND user_id IS NULL`)).toBe(1);
    expect(listModerationLog().items[0]).toMatchObject({
      adminId: me.id,
      adminName: me.username,
      action: "delete_self",
      targetKind: "user",
      targetId: me.id,
      targetLabel: me.username,
      reason: null,
    });
  });

  it("lets an admin leave while another admin remains, and refuses the last admin", () => {
    const first = makeUser({ isAdmin: true });
    const second = makeUser({ isAdmin: true });
    getDb().update(users).set({ isAdmin: false }).where(sql`${users.id} NOT IN (${first.id}, ${second.id})`).run();
    expect(deleteOwnAccount({ userId: first.id }).deleted).toBe(true);
    expect(() => deleteOwnAccount({ userId: second.id })).toThrow(expect.objectContaining({ kind: "invalid", message: LAST_ADMIN }));
    expect(count(sql`SELECT count(*) AS n FROM users WHERE id = ${second.id}`)).toBe(1);
    expect(() => deleteOwnAccount({ userId: 99_999_999 })).toThrow(expect.objectContaining({ kind: "not_found" }));
  });
});
