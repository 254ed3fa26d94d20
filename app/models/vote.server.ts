import { and, eq, isNull, sql } from "drizzle-orm";
import { comments, posts, users, votes } from "#db/schema.ts";
import { voteChange, type MyVote, type VoteChange } from "~/rules/interactions/vote.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { notify, withdrawVoteNotifications } from "./notification.server.ts";
import { groupCommit, prepared, writeTransaction } from "./db.server.ts";

/** A post reaching this score within TRENDING_WINDOW_MS of posting notifies its author, once. */
export const TRENDING_SCORE = 10;
const TRENDING_WINDOW_MS = 24 * 60 * 60 * 1000;

export type VoteTarget = { postId: number; commentId?: undefined } | { commentId: number; postId?: undefined };
/** `seen`: the vote the voter saw when pressing (a form names it); absent, the vote as it stands. */
export type VoteInput = { userId: number; isUpvote: boolean; seen?: MyVote } & VoteTarget;

export type VoteView = {
  id: number;
  userId: number;
  postId: number | null;
  commentId: number | null;
  isUpvote: boolean;
  createdAt: string;
};

export type VoteResult = {
  /** The vote as it stands after this call (null: no vote). */
  vote: VoteView | null;
  myVote: MyVote;
  change: VoteChange;
  upvotes: number;
  downvotes: number;
  score: number;
};

function toView(row: typeof votes.$inferSelect): VoteView {
  return {
    id: row.id,
    userId: row.userId,
    postId: row.postId,
    commentId: row.commentId,
    isUpvote: row.isUpvote,
    createdAt: row.createdAt.toISOString(),
  };
}

const p = sql.placeholder;
// Voting is the hottest write path: every statement is prepared once (see db.server.ts).
// With the target, in the same statement: the voter's standing vote on it and the voter's name (for
// the author's notice).
const voter = {
  voteId: votes.id,
  voteIsUpvote: votes.isUpvote,
  voterName: sql<string | null>`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${p("userId")})`,
};
const statements = prepared((db) => ({
  post: db
    .select({
      userId: posts.userId,
      title: posts.title,
      createdAt: posts.createdAt,
      trendingNotifiedAt: posts.trendingNotifiedAt,
      upvotes: posts.upvotes,
      downvotes: posts.downvotes,
      score: posts.score,
      ...voter,
    })
    .from(posts)
    .leftJoin(votes, and(eq(votes.postId, posts.id), eq(votes.userId, p("userId"))))
    .where(eq(posts.id, p("postId")))
    .prepare(),
  comment: db
    .select({ userId: comments.userId, postId: comments.postId, title: posts.title, upvotes: comments.upvotes, downvotes: comments.downvotes, ...voter })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .leftJoin(votes, and(eq(votes.commentId, comments.id), eq(votes.userId, p("userId"))))
    .where(and(eq(comments.id, p("commentId")), isNull(comments.deletedAt)))
    .prepare(),
  postVote: db.select().from(votes).where(and(eq(votes.userId, p("userId")), eq(votes.postId, p("postId")))).prepare(),
  commentVote: db.select().from(votes).where(and(eq(votes.userId, p("userId")), eq(votes.commentId, p("commentId")))).prepare(),
  insertVote: db
    .insert(votes)
    .values({ userId: p("userId"), postId: p("postId"), commentId: p("commentId"), isUpvote: p("isUpvote") })
    .returning()
    .prepare(),
  deleteVote: db.delete(votes).where(eq(votes.id, p("id"))).prepare(),
  flipVote: db.update(votes).set({ isUpvote: sql`NOT ${votes.isUpvote}` }).where(eq(votes.id, p("id"))).returning().prepare(),
  postCounters: db
    .update(posts)
    .set({
      upvotes: sql`${posts.upvotes} + ${p("up")}`,
      downvotes: sql`${posts.downvotes} + ${p("down")}`,
      score: sql`${posts.score} + ${p("up")} - ${p("down")}`,
      hot: sql`hot_score(${posts.upvotes} + ${p("up")}, ${posts.downvotes} + ${p("down")}, ${posts.createdAt})`,
    })
    .where(eq(posts.id, p("postId")))
    .returning({ upvotes: posts.upvotes, downvotes: posts.downvotes, score: posts.score })
    .prepare(),
  commentCounters: db
    .update(comments)
    .set({ upvotes: sql`${comments.upvotes} + ${p("up")}`, downvotes: sql`${comments.downvotes} + ${p("down")}` })
    .where(eq(comments.id, p("commentId")))
    .returning({ upvotes: comments.upvotes, downvotes: comments.downvotes })
    .prepare(),
  markTrending: db
    .update(posts)
    .set({ trendingNotifiedAt: sql`${p("now")}` })
    .where(and(eq(posts.id, p("postId")), isNull(posts.trendingNotifiedAt)))
    .prepare(),
}));

/**
 * Inserts, deletes or flips the vote row as the toggle rule (`voteChange`) says: a first vote adds
 * it, the same direction again takes it back, the other direction switches it (all from what the
 * voter saw); a press that changes nothing leaves the row. Returns the row and the counter deltas.
 */
function applyVoteRow(vote: VoteInput, standing: { voteId: number | null; voteIsUpvote: boolean | null }) {
  const q = statements();
  const { userId, isUpvote, seen, ...target } = vote;
  const current = standing.voteId === null ? null : standing.voteIsUpvote ? "up" : "down";
  const { change, up, down } = voteChange(current, isUpvote ? "up" : "down", seen);
  let row: typeof votes.$inferSelect | null = null;
  if (change === "added") row = q.insertVote.get({ userId, postId: target.postId ?? null, commentId: target.commentId ?? null, isUpvote: isUpvote ? 1 : 0 })!;
  else if (change === "removed") q.deleteVote.run({ id: standing.voteId });
  else if (change === "switched") row = q.flipVote.get({ id: standing.voteId })!;
  else if (current !== null) row = (target.commentId !== undefined ? q.commentVote.get({ userId, commentId: target.commentId }) : q.postVote.get({ userId, postId: target.postId }))!;
  return { row, change, up, down };
}

/**
 * The author hears about the vote as it now stands: this voter's earlier notice goes, a standing
 * vote by someone else brings a new one ("X upvoted your post …").
 */
function announceVote(
  userId: number,
  vote: { row: typeof votes.$inferSelect | null; change: VoteResult["change"]; voterName: string | null },
  about: { authorId: number | null; title: string; postId: number; commentId?: number },
) {
  const { row, change } = vote;
  if (change === "kept") return;
  // A first vote has no earlier notice to take back (taking a vote back always withdraws its notice).
  if (change !== "added") {
    withdrawVoteNotifications(about.commentId !== undefined ? { actorId: userId, commentId: about.commentId } : { actorId: userId, postId: about.postId });
  }
  if (!row || about.authorId === null || about.authorId === userId) return;
  const type = `${about.commentId !== undefined ? "comment" : "post"}_${row.isUpvote ? "upvote" : "downvote"}` as const;
  const actor = vote.voterName ?? "Someone";
  notify({ userId: about.authorId, actorId: userId, type, params: { actor, title: about.title }, postId: about.postId, commentId: about.commentId });
}

/**
 * One vote by `userId` on a post or a comment, in one immediate transaction: the vote row, the
 * counters (and the post's score and hot rank), the author's notification and the one-time
 * trending notification. Problem(not_found) when the target does not exist (or the comment was deleted).
 */
export function castVote(vote: VoteInput): VoteResult {
  return writeTransaction(() => recordVote(vote));
}

function recordVote(vote: VoteInput): VoteResult {
  return vote.commentId !== undefined ? voteOnComment(vote, vote.commentId) : voteOnPost(vote, vote.postId!);
}

/**
 * `castVote` for a request: the vote commits together with the others cast at the same moment (one
 * transaction, each vote in its own savepoint: see `groupCommit`). The same rules, result and errors.
 */
export function castVoteInGroup(vote: VoteInput): Promise<VoteResult> {
  return groupCommit(() => recordVote(vote));
}

function result(row: typeof votes.$inferSelect | null, change: VoteResult["change"], counts: { upvotes: number; downvotes: number }): VoteResult {
  return {
    vote: row ? toView(row) : null,
    myVote: row ? (row.isUpvote ? "up" : "down") : null,
    change,
    upvotes: counts.upvotes,
    downvotes: counts.downvotes,
    score: counts.upvotes - counts.downvotes,
  };
}

function voteOnPost(vote: VoteInput, postId: number): VoteResult {
  const { userId } = vote;
  const q = statements();
  const post = q.post.get({ postId, userId });
  if (!post) throw notFound(NOT_FOUND.post);
  const { row, change, up, down } = applyVoteRow(vote, post);
  // A press that changes nothing writes nothing (no counter update, so no cache drops either).
  const counts = change === "kept" ? post : q.postCounters.get({ postId, up, down })!;

  announceVote(userId, { row, change, voterName: post.voterName }, { authorId: post.userId, title: post.title, postId });

  const now = Date.now();
  if (
    counts.score >= TRENDING_SCORE &&
    post.trendingNotifiedAt === null &&
    post.userId !== null &&
    now - post.createdAt.getTime() <= TRENDING_WINDOW_MS &&
    q.markTrending.run({ postId, now }).changes === 1
  ) {
    notify({
      userId: post.userId,
      actorId: null,
      type: "trending_comment",
      params: { score: counts.score, title: post.title },
      postId,
    });
  }
  return result(row, change, counts);
}

function voteOnComment(vote: VoteInput, commentId: number): VoteResult {
  const { userId } = vote;
  const q = statements();
  const comment = q.comment.get({ commentId, userId });
  if (!comment) throw notFound(NOT_FOUND.comment);
  const { row, change, up, down } = applyVoteRow(vote, comment);
  const counts = change === "kept" ? comment : q.commentCounters.get({ commentId, up, down })!;

  announceVote(userId, { row, change, voterName: comment.voterName }, { authorId: comment.userId, title: comment.title, postId: comment.postId, commentId });
  return result(row, change, counts);
}

/** A user's vote on a post or a comment, or null. */
export function getVote({ userId, ...target }: { userId: number } & VoteTarget): VoteView | null {
  const q = statements();
  const row = target.commentId !== undefined ? q.commentVote.get({ userId, commentId: target.commentId }) : q.postVote.get({ userId, postId: target.postId });
  return row ? toView(row) : null;
}
