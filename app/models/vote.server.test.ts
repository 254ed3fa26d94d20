import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { hotScore } from "#db/hot.ts";
import { notifications, posts, votes } from "#db/schema.ts";
import { recordStatements } from "../../tests/support/statements.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { createComment, deleteComment } from "./comment.server.ts";
import { castVote, castVoteInGroup, getVote, TRENDING_SCORE } from "./vote.server.ts";
import { notificationText } from "~/rules/notification-registry.ts";

function postRow(id: number) {
  return getDb().select().from(posts).where(eq(posts.id, id)).get()!;
}
function notificationsOf(userId: number) {
  return getDb()
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .all()
    .map((n) => ({ ...n, message: notificationText(n) }));
}

describe("castVote on a post", () => {
  it("adds, switches and takes back a vote, keeping counters, score and hot in step", () => {
    const author = makeUser();
    const voter = makeUser();
    const post = makePost({ userId: author.id, title: "Cats and ladders" });

    const up = castVote({ userId: voter.id, postId: post.id, isUpvote: true })!;
    expect(up).toMatchObject({ change: "added", myVote: "up", upvotes: 1, downvotes: 0, score: 1 });
    expect(up.vote).toMatchObject({ userId: voter.id, postId: post.id, commentId: null, isUpvote: true });
    let row = postRow(post.id);
    expect([row.upvotes, row.downvotes, row.score]).toEqual([1, 0, 1]);
    expect(row.hot).toBeCloseTo(hotScore(1, 0, row.createdAt.getTime()), 6);

    const down = castVote({ userId: voter.id, postId: post.id, isUpvote: false })!;
    expect(down).toMatchObject({ change: "switched", myVote: "down", upvotes: 0, downvotes: 1, score: -1 });
    row = postRow(post.id);
    expect(row.hot).toBeCloseTo(hotScore(0, 1, row.createdAt.getTime()), 6);

    const removed = castVote({ userId: voter.id, postId: post.id, isUpvote: false })!;
    expect(removed).toMatchObject({ change: "removed", myVote: null, vote: null, upvotes: 0, downvotes: 0, score: 0 });
    expect(getVote({ userId: voter.id, postId: post.id })).toBeNull();
    row = postRow(post.id);
    expect(row.hot).toBeCloseTo(hotScore(0, 0, row.createdAt.getTime()), 6);
  });

  it("takes a press as the voter meant it from what they saw: twice or late, the vote and counters stay", () => {
    const author = makeUser();
    const voter = makeUser();
    const post = makePost({ userId: author.id });
    const press = (isUpvote: boolean, seen: "up" | "down" | null) => castVote({ userId: voter.id, postId: post.id, isUpvote, seen });

    expect(press(true, null)).toMatchObject({ change: "added", myVote: "up", upvotes: 1 });
    // The same form sent again (a double tap before the code, a retry): nothing more, not one row written.
    const changes = () => getDb().$client.prepare("SELECT total_changes()").pluck().get();
    const before = changes();
    const again = press(true, null);
    expect(changes()).toBe(before);
    expect(again).toMatchObject({ change: "kept", myVote: "up", upvotes: 1, downvotes: 0 });
    expect(again.vote).toMatchObject({ userId: voter.id, postId: post.id, isUpvote: true });
    expect(notificationsOf(author.id)).toHaveLength(1);
    // A take-back that arrives after the vote already went leaves it gone.
    expect(press(true, "up")).toMatchObject({ change: "removed", myVote: null, upvotes: 0 });
    expect(press(true, "up")).toMatchObject({ change: "kept", myVote: null, vote: null, upvotes: 0, downvotes: 0 });
    expect(notificationsOf(author.id)).toHaveLength(0);
    const row = postRow(post.id);
    expect([row.upvotes, row.downvotes, row.score]).toEqual([0, 0, 0]);
  });

  it("notifies the author naming who did what, replacing the notice when the vote switches or goes", () => {
    const author = makeUser();
    const voter = makeUser();
    const post = makePost({ userId: author.id, title: "The best comment ever" });

    castVote({ userId: voter.id, postId: post.id, isUpvote: true });
    expect(notificationsOf(author.id)).toEqual([
      expect.objectContaining({
        type: "post_upvote",
        actorId: voter.id,
        postId: post.id,
        isRead: false,
        message: `${voter.username} upvoted your post "The best comment ever"`,
      }),
    ]);
    castVote({ userId: voter.id, postId: post.id, isUpvote: false });
    expect(notificationsOf(author.id).map((n) => n.type)).toEqual(["post_downvote"]);
    expect(notificationsOf(author.id)[0].message).toBe(`${voter.username} downvoted your post "The best comment ever"`);
    castVote({ userId: voter.id, postId: post.id, isUpvote: false });
    expect(notificationsOf(author.id)).toEqual([]);
  });

  it("never notifies you about your own post", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id });
    castVote({ userId: author.id, postId: post.id, isUpvote: true });
    expect(postRow(post.id).upvotes).toBe(1);
    expect(notificationsOf(author.id)).toEqual([]);
  });

  it("answers null for a post that does not exist and writes nothing", () => {
    const voter = makeUser();
    expect(() => castVote({ userId: voter.id, postId: 987654, isUpvote: true })).toThrow(expect.objectContaining({ kind: "not_found" }));
    expect(getDb().select().from(votes).where(eq(votes.userId, voter.id)).all()).toEqual([]);
  });

  it("sends trending_comment once, when a fresh post first reaches the trending score", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "Going places" });
    const voters = Array.from({ length: TRENDING_SCORE + 1 }, () => makeUser());
    voters.slice(0, TRENDING_SCORE - 1).forEach((v) => castVote({ userId: v.id, postId: post.id, isUpvote: true }));
    expect(notificationsOf(author.id).filter((n) => n.type === "trending_comment")).toHaveLength(0);

    castVote({ userId: voters[TRENDING_SCORE - 1].id, postId: post.id, isUpvote: true });
    const trending = notificationsOf(author.id).filter((n) => n.type === "trending_comment");
    expect(trending).toEqual([
      expect.objectContaining({ actorId: null, postId: post.id, message: `Your post "Going places" is trending with a score of ${TRENDING_SCORE}!` }),
    ]);
    expect(postRow(post.id).trendingNotifiedAt).toBeInstanceOf(Date);

    // Falling below and climbing back does not announce it again.
    castVote({ userId: voters[0].id, postId: post.id, isUpvote: true });
    castVote({ userId: voters[0].id, postId: post.id, isUpvote: true });
    castVote({ userId: voters[TRENDING_SCORE].id, postId: post.id, isUpvote: true });
    expect(notificationsOf(author.id).filter((n) => n.type === "trending_comment")).toHaveLength(1);
  });

  it("does not call a post trending when it reaches the score after its first 24 hours", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id, createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    for (let i = 0; i < TRENDING_SCORE; i++) castVote({ userId: makeUser().id, postId: post.id, isUpvote: true });
    expect(postRow(post.id).score).toBe(TRENDING_SCORE);
    expect(notificationsOf(author.id).filter((n) => n.type === "trending_comment")).toHaveLength(0);
    expect(postRow(post.id).trendingNotifiedAt).toBeNull();
  });
});

describe("castVote on a comment", () => {
  it("keeps the comment's counters and notifies its author with the post's id", () => {
    const author = makeUser();
    const commenter = makeUser();
    const voter = makeUser();
    const post = makePost({ userId: author.id, title: "Post with talk" });
    const created = createComment({ userId: commenter.id, postId: post.id, content: "What a line" });
    const commentId = created.id;

    expect(castVote({ userId: voter.id, commentId, isUpvote: true })).toMatchObject({ upvotes: 1, downvotes: 0, myVote: "up" });
    expect(getVote({ userId: voter.id, commentId })).toMatchObject({ isUpvote: true, commentId });
    const notes = notificationsOf(commenter.id);
    expect(notes).toEqual([
      expect.objectContaining({
        type: "comment_upvote",
        postId: post.id,
        commentId,
        message: `${voter.username} upvoted your comment on "Post with talk"`,
      }),
    ]);
    expect(castVote({ userId: voter.id, commentId, isUpvote: false })).toMatchObject({ upvotes: 0, downvotes: 1, change: "switched" });
    expect(notificationsOf(commenter.id).map((n) => n.type)).toEqual(["comment_downvote"]);
    // The post itself is untouched.
    expect(postRow(post.id).upvotes).toBe(0);
  });

  it("refuses votes on a deleted comment", () => {
    const user = makeUser();
    const post = makePost({ userId: user.id });
    const parent = createComment({ userId: user.id, postId: post.id, content: "parent here" });
    createComment({ userId: user.id, postId: post.id, content: "a reply", parentId: parent.id });
    expect(deleteComment({ id: parent.id, actorId: user.id })).toMatchObject({ mode: "soft" });
    expect(() => castVote({ userId: user.id, commentId: parent.id, isUpvote: true })).toThrow(expect.objectContaining({ kind: "not_found" }));
  });
});

describe("counters after many votes", () => {
  it("equal COUNT(*) of the vote rows whatever the sequence", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id });
    const users = Array.from({ length: 8 }, () => makeUser());
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let i = 0; i < 200; i++) {
      castVote({ userId: users[Math.floor(random() * users.length)].id, postId: post.id, isUpvote: random() < 0.6 });
    }
    const counted = getDb().get<{ up: number; down: number }>(
      sql`SELECT sum(is_upvote = 1) AS up, sum(is_upvote = 0) AS down FROM votes WHERE post_id = ${post.id}`,
    )!;
    const row = postRow(post.id);
    expect([row.upvotes, row.downvotes, row.score]).toEqual([counted.up ?? 0, counted.down ?? 0, (counted.up ?? 0) - (counted.down ?? 0)]);
    expect(row.hot).toBeCloseTo(hotScore(row.upvotes, row.downvotes, row.createdAt.getTime()), 6);
    const unread = getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.postId, post.id)))
      .all()
      .filter((n) => n.type === "post_upvote" || n.type === "post_downvote");
    // One standing notice per current voter at most.
    expect(unread.length).toBe(counted.up + counted.down);
  });
});

describe("castVoteInGroup", () => {
  it("applies the votes cast at the same moment in order, in one transaction, each with its own result", async () => {
    const author = makeUser();
    const post = makePost({ userId: author.id });
    const [a, b, c] = [makeUser(), makeUser(), makeUser()];
    const { result: outcomes, statements } = await recordStatements(() =>
      Promise.allSettled([
        castVoteInGroup({ userId: a.id, postId: post.id, isUpvote: true }),
        castVoteInGroup({ userId: b.id, postId: post.id, isUpvote: false }),
        castVoteInGroup({ userId: a.id, postId: post.id, isUpvote: false }), // a switches
        castVoteInGroup({ userId: c.id, postId: 987654, isUpvote: true }), // no such post
        castVoteInGroup({ userId: c.id, postId: post.id, isUpvote: true }),
        castVoteInGroup({ userId: c.id, postId: post.id, isUpvote: true }), // c takes it back
      ]),
    );
    expect(statements.filter((s) => s.startsWith("BEGIN"))).toEqual(["BEGIN IMMEDIATE"]);
    const values = outcomes.map((o) => (o.status === "fulfilled" ? o.value : o.reason));
    expect(values[0]).toMatchObject({ change: "added", myVote: "up", upvotes: 1, downvotes: 0 });
    expect(values[1]).toMatchObject({ change: "added", myVote: "down", upvotes: 1, downvotes: 1 });
    expect(values[2]).toMatchObject({ change: "switched", myVote: "down", upvotes: 0, downvotes: 2 });
    expect(values[3]).toMatchObject({ kind: "not_found", message: "Post not found" });
    expect(values[4]).toMatchObject({ change: "added", myVote: "up", upvotes: 1, downvotes: 2 });
    expect(values[5]).toMatchObject({ change: "removed", myVote: null, upvotes: 0, downvotes: 2 });
    const row = postRow(post.id);
    const counted = getDb().get<{ up: number; down: number }>(
      sql`SELECT sum(is_upvote = 1) AS up, sum(is_upvote = 0) AS down FROM votes WHERE post_id = ${post.id}`,
    )!;
    expect([row.upvotes, row.downvotes, row.score]).toEqual([counted.up, counted.down, counted.up - counted.down]);
    expect([row.upvotes, row.downvotes]).toEqual([0, 2]);
    expect(row.hot).toBeCloseTo(hotScore(0, 2, row.createdAt.getTime()), 6);
    // The author hears of the two standing votes, nothing of the withdrawn ones.
    expect(notificationsOf(author.id).map((n) => n.type).sort()).toEqual(["post_downvote", "post_downvote"]);
  });
});
