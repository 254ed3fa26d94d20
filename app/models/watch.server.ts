// Following a thread (docs/decisions/0130): a member follows a post or the replies to one comment; a
// post's author follows their own post without a row (their comment_on_post notices) and may mute it.
// The rows, the viewer's state on a post page, and the batched notice a new comment gives followers.
import { and, eq, isNull, sql } from "drizzle-orm";
import { comments, posts, threadWatches } from "#db/schema.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import type { ThreadWatch, WatchState } from "~/rules/interactions/watch.ts";
import { notify } from "./notification.server.ts";
import { prepared, writeTransaction, type DbOrTx } from "./db.server.ts";

type Target = { postId: number; commentId: number | null };

/** Replaces the member's row on a target (or removes it: `following` null). */
function setRow(tx: DbOrTx, userId: number, target: Target, following: boolean | null) {
  const onComment = target.commentId === null ? isNull(threadWatches.commentId) : eq(threadWatches.commentId, target.commentId);
  tx.delete(threadWatches).where(and(eq(threadWatches.userId, userId), eq(threadWatches.postId, target.postId), onComment)).run();
  if (following !== null) tx.insert(threadWatches).values({ userId, ...target, following }).run();
}

/**
 * `userId` follows (or stops following) the post `postId`. For the post's author not following is
 * the mute of replies to their own post (a row with following = 0); following again removes it.
 * Twice changes nothing. Problem(not_found) for a missing post.
 */
export function watchPost({ userId, postId, following }: { userId: number; postId: number; following: boolean }): WatchState & { isAuthor: boolean } {
  return writeTransaction((tx) => {
    const post = tx.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId)).get();
    if (!post) throw notFound(NOT_FOUND.post);
    const isAuthor = post.userId === userId;
    setRow(tx, userId, { postId, commentId: null }, isAuthor ? (following ? null : false) : following ? true : null);
    return { following, isAuthor };
  });
}

/**
 * `userId` follows (or stops following) the replies to comment `commentId`, at any depth below it.
 * Problem(not_found) for a missing or deleted comment when following (stopping always works).
 */
export function watchComment({ userId, commentId, following }: { userId: number; commentId: number; following: boolean }): WatchState & { postId: number } {
  return writeTransaction((tx) => {
    const comment = tx.select({ postId: comments.postId, deletedAt: comments.deletedAt }).from(comments).where(eq(comments.id, commentId)).get();
    if (!comment || (following && comment.deletedAt !== null)) throw notFound(NOT_FOUND.comment);
    setRow(tx, userId, { postId: comment.postId, commentId }, following ? true : null);
    return { following, postId: comment.postId };
  });
}

const p = sql.placeholder;
const statements = prepared((db) => ({
  // The viewer's rows on one post (the post page asks on every signed-in view).
  viewerRows: db
    .select({ commentId: threadWatches.commentId, following: threadWatches.following })
    .from(threadWatches)
    .where(and(eq(threadWatches.userId, p("userId")), eq(threadWatches.postId, p("postId"))))
    .prepare(),
}));

/** What the viewer follows on a post: the post (its author by default) and the comments whose replies they follow. */
export function threadWatchOf({ viewerId, postId, authorId }: { viewerId: number; postId: number; authorId: number | null }): ThreadWatch {
  const isAuthor = authorId === viewerId;
  let post = isAuthor;
  const followed: number[] = [];
  for (const row of statements().viewerRows.all({ userId: viewerId, postId })) {
    if (row.commentId === null) post = row.following;
    else if (row.following) followed.push(row.commentId);
  }
  return { post, comments: followed, isAuthor };
}

/** Whether the post's author muted replies to it (asked before their comment_on_post notice). */
export function authorMutedPost(tx: DbOrTx, { postId, authorId }: { postId: number; authorId: number | null }): boolean {
  if (authorId === null) return false;
  const row = tx
    .select({ following: threadWatches.following })
    .from(threadWatches)
    .where(and(eq(threadWatches.userId, authorId), eq(threadWatches.postId, postId), isNull(threadWatches.commentId)))
    .get();
  return row?.following === false;
}

/**
 * Tells the followers of a post, and of every comment above the new one, about a new comment: one
 * unread thread_activity line per member and post, its count growing ("5 new comments in …") until
 * they read it. Nobody is told twice about one comment: the writer, the post's author (their
 * comment_on_post, or their mute) and the members `alreadyTold` (a reply or a mention) are skipped,
 * and so are members blocked either way with the writer. Call it in the comment's transaction.
 */
export function notifyThreadFollowers(
  tx: DbOrTx,
  {
    postId,
    postTitle,
    authorId,
    parentId,
    actorId,
    alreadyTold,
    vouched = false,
  }: { postId: number; postTitle: string; authorId: number | null; parentId: number | null; actorId: number; alreadyTold: ReadonlySet<number>; vouched?: boolean },
): number[] {
  const rows = tx.all<{ userId: number }>(sql`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT id, parent_id FROM ${comments} WHERE id = ${parentId ?? -1}
      UNION ALL SELECT c.id, c.parent_id FROM ${comments} c JOIN up ON c.id = up.parent_id
    )
    SELECT DISTINCT user_id AS userId FROM ${threadWatches}
    WHERE following = 1 AND (
      (post_id = ${postId} AND comment_id IS NULL) OR comment_id IN (SELECT id FROM up)
    )`);
  const told: number[] = [];
  for (const { userId } of rows) {
    if (userId === actorId || userId === authorId || alreadyTold.has(userId)) continue;
    if (notify({ userId, actorId, type: "thread_activity", params: { title: postTitle }, postId, vouched })) told.push(userId);
  }
  return told;
}
