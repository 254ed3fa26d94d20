import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { comments, users, votes } from "#db/schema.ts";
import type { CommentView } from "~/lib/types.ts";

export type { CommentView };

export const DELETED_TEXT = "[deleted]";

/** Every comment of a post, oldest first, flat with parentId; two queries whatever the size. */
export function listPostComments({ postId, viewerId }: { postId: number; viewerId?: number | null }): CommentView[] {
  const db = getDb();
  const rows = db
    .select({
      id: comments.id,
      postId: comments.postId,
      userId: comments.userId,
      username: users.username,
      parentId: comments.parentId,
      content: comments.content,
      upvotes: comments.upvotes,
      downvotes: comments.downvotes,
      createdAt: comments.createdAt,
      deletedAt: comments.deletedAt,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .all();
  const mine = new Map<number, boolean>();
  if (viewerId && rows.length > 0) {
    for (const v of db
      .select({ commentId: votes.commentId, isUpvote: votes.isUpvote })
      .from(votes)
      .innerJoin(comments, eq(comments.id, votes.commentId))
      .where(and(eq(votes.userId, viewerId), eq(comments.postId, postId), isNotNull(votes.commentId)))
      .all()) {
      mine.set(v.commentId!, v.isUpvote);
    }
  }
  return rows.map((r) => {
    const deleted = r.deletedAt !== null;
    const vote = mine.get(r.id);
    return {
      id: r.id,
      postId: r.postId,
      userId: deleted ? null : r.userId,
      username: deleted ? DELETED_TEXT : (r.username ?? "Unknown"),
      parentId: r.parentId,
      content: deleted ? DELETED_TEXT : r.content,
      upvotes: r.upvotes,
      downvotes: r.downvotes,
      createdAt: r.createdAt.toISOString(),
      isDeleted: deleted,
      myVote: vote === undefined ? null : vote ? "up" : "down",
    };
  });
}

/** The viewer's votes on many comments at once: commentId → isUpvote. */
export function getViewerCommentVotes({ viewerId, commentIds }: { viewerId: number; commentIds: number[] }) {
  const map = new Map<number, boolean>();
  if (commentIds.length === 0) return map;
  for (const v of getDb()
    .select({ commentId: votes.commentId, isUpvote: votes.isUpvote })
    .from(votes)
    .where(and(eq(votes.userId, viewerId), inArray(votes.commentId, commentIds)))
    .all()) {
    map.set(v.commentId!, v.isUpvote);
  }
  return map;
}
