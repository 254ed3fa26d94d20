// Removing an account and everything it made, in the caller's immediate transaction, correcting
// every counter its rows fed:
// - its votes: the other posts' upvotes/downvotes/score/hot and the other comments' votes drop;
// - its posts go with their comments, votes, saves and notifications (foreign keys cascade);
// - its comments on other posts: removed, or '[deleted]' placeholders when others replied
//   (`removeComment`, as the author's own delete does), each post's commentsCount dropping;
// - its follows both ways: the other side's followersCount / followingCount drop;
// - sessions, reset tokens, saves and the notifications it received cascade with the account.
// Notifications others received about it keep their text (their actor becomes null).
// Used by an admin's deletion (models/admin/user-delete) and a member's own (self-delete).
import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { comments, follows, posts, users, votes } from "#db/schema.ts";
import { removeComment } from "../comment.server.ts";
import type { DbOrTx } from "../db.server.ts";

/** The account and everything it made, every counter its rows fed corrected (see above). */
export function removeAccount(tx: DbOrTx, userId: number) {
  removeAccountContent(tx, userId);
  tx.delete(users).where(eq(users.id, userId)).run();
}

/** Everything the account made (votes, posts, comments, follows), every counter corrected; the account stays. */
export function removeAccountContent(tx: DbOrTx, userId: number) {
  withdrawVotes(tx, userId);
  tx.delete(posts).where(eq(posts.userId, userId)).run();
  removeComments(tx, userId);
  withdrawFollows(tx, userId);
}

/** Takes back every vote of the user, lowering the counters (and the hot rank) of what it voted on. */
function withdrawVotes(tx: DbOrTx, userId: number) {
  const mine = (target: typeof votes.postId | typeof votes.commentId, id: typeof posts.id | typeof comments.id, up: boolean) =>
    sql`(SELECT count(*) FROM ${votes} WHERE ${votes.userId} = ${userId} AND ${target} = ${id} AND ${votes.isUpvote} = ${up ? 1 : 0})`;
  const up = mine(votes.postId, posts.id, true);
  const down = mine(votes.postId, posts.id, false);
  const votedPosts = tx.select({ id: votes.postId }).from(votes).where(and(eq(votes.userId, userId), isNotNull(votes.postId)));
  tx.update(posts)
    .set({
      upvotes: sql`${posts.upvotes} - ${up}`,
      downvotes: sql`${posts.downvotes} - ${down}`,
      score: sql`${posts.score} - ${up} + ${down}`,
      hot: sql`hot_score(${posts.upvotes} - ${up}, ${posts.downvotes} - ${down}, ${posts.createdAt})`,
    })
    .where(inArray(posts.id, votedPosts))
    .run();
  const votedComments = tx.select({ id: votes.commentId }).from(votes).where(and(eq(votes.userId, userId), isNotNull(votes.commentId)));
  tx.update(comments)
    .set({
      upvotes: sql`${comments.upvotes} - ${mine(votes.commentId, comments.id, true)}`,
      downvotes: sql`${comments.downvotes} - ${mine(votes.commentId, comments.id, false)}`,
    })
    .where(inArray(comments.id, votedComments))
    .run();
  tx.delete(votes).where(eq(votes.userId, userId)).run();
}

/** The user's live comments on other people's posts (its own posts are gone by now). */
function removeComments(tx: DbOrTx, userId: number) {
  const mine = tx
    .select({ id: comments.id, postId: comments.postId, parentId: comments.parentId })
    .from(comments)
    .where(and(eq(comments.userId, userId), isNull(comments.deletedAt)))
    .orderBy(sql`${comments.id} DESC`)
    .all();
  // Newest first, so the user's own replies go before the comments they answer. A comment removed
  // on the way (an emptied placeholder) is skipped.
  for (const comment of mine) {
    const live = tx.select({ id: comments.id }).from(comments).where(and(eq(comments.id, comment.id), isNull(comments.deletedAt))).get();
    if (live) removeComment(tx, comment);
  }
}

/** Both sides of every follow: the people it followed lose a follower, its followers a following. */
function withdrawFollows(tx: DbOrTx, userId: number) {
  tx.update(users)
    .set({ followersCount: sql`max(${users.followersCount} - 1, 0)` })
    .where(inArray(users.id, tx.select({ id: follows.followingId }).from(follows).where(eq(follows.followerId, userId))))
    .run();
  tx.update(users)
    .set({ followingCount: sql`max(${users.followingCount} - 1, 0)` })
    .where(inArray(users.id, tx.select({ id: follows.followerId }).from(follows).where(and(eq(follows.followingId, userId), ne(follows.followerId, userId)))))
    .run();
  tx.delete(follows).where(sql`${follows.followerId} = ${userId} OR ${follows.followingId} = ${userId}`).run();
}
