import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { notifications } from "#db/schema.ts";
import { BLOCKED_COMMENT_TEXT, BLOCKED_INTERACTION } from "~/rules/interactions/block-member.ts";
import { threadComments } from "~/lib/comment-thread.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { blockUser, hasBlocked, listBlocks, mayNotify, unblockUser } from "./block.server.ts";
import { createComment } from "./comment.server.ts";
import { editComment } from "./edit.server.ts";
import { getPostThread, listPostComments } from "./comment-thread.server.ts";
import { followUser, isFollowing } from "./follow.server.ts";
import { listFeedPosts, listPostsByIds } from "./post/read.server.ts";
import { castVote } from "./vote.server.ts";

function noticesFrom(userId: number, actorId: number) {
  return getDb().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.actorId, actorId))).all();
}

describe("blocks", () => {
  it("are symmetric for interaction: neither can reply to, comment under or follow the other, and nobody hears of the other", () => {
    const blocker = makeUser();
    const blocked = makeUser();
    const blockersPost = makePost({ userId: blocker.id });
    const blockedsPost = makePost({ userId: blocked.id });
    const blockersComment = createComment({ userId: blocker.id, postId: blockedsPost.id, content: "Before the block" });
    const blockedsComment = createComment({ userId: blocked.id, postId: blockersPost.id, content: "Also before it" });
    followUser({ followerId: blocked.id, followingId: blocker.id });
    followUser({ followerId: blocker.id, followingId: blocked.id });

    expect(blockUser({ blockerId: blocker.id, blockedId: blocked.id })).toEqual({ blocked: true });
    expect(blockUser({ blockerId: blocker.id, blockedId: blocked.id })).toEqual({ blocked: true });
    // The follows between the two ended with the block.
    expect(isFollowing({ followerId: blocked.id, followingId: blocker.id })).toBe(false);
    expect(isFollowing({ followerId: blocker.id, followingId: blocked.id })).toBe(false);

    for (const [actor, target, post, parent] of [
      [blocked, blocker, blockersPost, blockersComment],
      [blocker, blocked, blockedsPost, blockedsComment],
    ] as const) {
      expect(() => createComment({ userId: actor.id, postId: parent.postId, content: "A reply", parentId: parent.id })).toThrow(BLOCKED_INTERACTION);
      expect(() => createComment({ userId: actor.id, postId: post.id, content: "A comment" })).toThrow(BLOCKED_INTERACTION);
      expect(() => followUser({ followerId: actor.id, followingId: target.id })).toThrow(BLOCKED_INTERACTION);
      expect(mayNotify(target.id, actor.id)).toBe(false);
    }
    // A vote still counts (it is no interaction with the member), but tells nobody.
    castVote({ userId: blocked.id, postId: blockersPost.id, isUpvote: true });
    expect(noticesFrom(blocker.id, blocked.id).filter((n) => n.type === "post_upvote")).toEqual([]);

    expect(unblockUser({ blockerId: blocker.id, blockedId: blocked.id })).toEqual({ blocked: false });
    expect(mayNotify(blocker.id, blocked.id)).toBe(true);
    createComment({ userId: blocked.id, postId: blockersPost.id, content: "Friends again" });
    expect(followUser({ followerId: blocked.id, followingId: blocker.id }).following).toBe(true);
    expect(noticesFrom(blocker.id, blocked.id).map((n) => n.type).sort()).toEqual(["comment_on_post", "comment_on_post", "new_follower"]);
  });

  it("refuse a comment or an edit that @mentions a member blocked either way, and keep the text as it was", () => {
    const blocker = makeUser();
    const blocked = makeUser();
    const post = makePost({ userId: makeUser().id });
    const before = createComment({ userId: blocked.id, postId: post.id, content: "Nobody named here" });
    blockUser({ blockerId: blocker.id, blockedId: blocked.id });
    for (const [actor, target] of [[blocked, blocker], [blocker, blocked]] as const) {
      expect(() => createComment({ userId: actor.id, postId: post.id, content: `Hey @${target.username}, look` })).toThrow(
        expect.objectContaining({ kind: "forbidden", message: BLOCKED_INTERACTION }),
      );
    }
    expect(() => editComment({ id: before.id, actorId: blocked.id, content: `Now naming @${blocker.username}` })).toThrow(
      expect.objectContaining({ kind: "forbidden", message: BLOCKED_INTERACTION }),
    );
    expect(listPostComments({ postId: post.id, viewerId: null }).map((c) => c.content)).toEqual(["Nobody named here"]);
    // Another member may still be named, and the blocker's notice list stays empty.
    const other = makeUser();
    expect(createComment({ userId: blocked.id, postId: post.id, content: `Hi @${other.username}` }).mentions).toEqual({ [other.username.toLowerCase()]: other.id });
    expect(noticesFrom(blocker.id, blocked.id)).toEqual([]);
  });

  it("hide the blocked member's posts from the blocker's feeds and collapse their comments in place, for the blocker only", () => {
    const blocker = makeUser();
    const blocked = makeUser();
    const other = makeUser();
    const hiddenPost = makePost({ userId: blocked.id, title: "A post the blocker will not see" });
    const shownPost = makePost({ userId: other.id, title: "A post everyone sees" });
    const top = createComment({ userId: blocked.id, postId: shownPost.id, content: "Something rude" });
    const reply = createComment({ userId: other.id, postId: shownPost.id, content: "A reply below it", parentId: top.id });

    const feedIds = (viewerId: number) => listFeedPosts({ sort: "new", limit: 100, viewerId }).map((p) => p.id);
    expect(feedIds(blocker.id)).toContain(hiddenPost.id);
    blockUser({ blockerId: blocker.id, blockedId: blocked.id });
    expect(feedIds(blocker.id)).not.toContain(hiddenPost.id);
    expect(feedIds(blocker.id)).toContain(shownPost.id);
    expect(feedIds(other.id)).toContain(hiddenPost.id);
    expect(listPostsByIds({ ids: [hiddenPost.id, shownPost.id], viewerId: blocker.id, hideBlocked: true }).map((p) => p.id)).toEqual([shownPost.id]);
    // A profile's own list still shows them (reached on purpose, by link).
    expect(listPostsByIds({ ids: [hiddenPost.id], viewerId: blocker.id }).map((p) => p.id)).toEqual([hiddenPost.id]);

    const seen = threadComments(getPostThread({ postId: shownPost.id, viewerId: blocker.id }));
    expect(seen.map((c) => [c.id, c.parentId])).toEqual([[top.id, null], [reply.id, top.id]]);
    expect(seen[0]).toMatchObject({ content: BLOCKED_COMMENT_TEXT, userId: null, isBlocked: true });
    expect(seen[1].content).toBe("A reply below it");
    expect(listPostComments({ postId: shownPost.id, viewerId: blocker.id })[0].content).toBe(BLOCKED_COMMENT_TEXT);
    expect(threadComments(getPostThread({ postId: shownPost.id, viewerId: other.id }))[0].content).toBe("Something rude");

    expect(hasBlocked({ blockerId: blocker.id, blockedId: blocked.id })).toBe(true);
    expect(listBlocks({ userId: blocker.id }).map((b) => b.id)).toEqual([blocked.id]);
    unblockUser({ blockerId: blocker.id, blockedId: blocked.id });
    expect(feedIds(blocker.id)).toContain(hiddenPost.id);
    expect(threadComments(getPostThread({ postId: shownPost.id, viewerId: blocker.id }))[0].content).toBe("Something rude");
    expect(listBlocks({ userId: blocker.id })).toEqual([]);
  });

  it("refuses yourself and unknown members", () => {
    const me = makeUser();
    expect(() => blockUser({ blockerId: me.id, blockedId: me.id })).toThrow("You cannot block yourself");
    expect(() => blockUser({ blockerId: me.id, blockedId: 999_999 })).toThrow(/not found/i);
  });
});
