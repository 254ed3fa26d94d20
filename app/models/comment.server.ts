import { forbidden, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { and, eq, isNull, sql } from "drizzle-orm";
import { comments, notifications, posts, users } from "#db/schema.ts";
import type { CommentView } from "~/lib/types.ts";
import { assertMayInteract } from "./block.server.ts";
import { notify } from "./notification.server.ts";
import { writeTransaction, type DbOrTx } from "./db.server.ts";
import { assertMayMention, knownMembers, notifyMentions } from "./mention.server.ts";
import { authorMutedPost, notifyThreadFollowers } from "./watch.server.ts";
import { mentionedNames } from "~/lib/mentions.ts";

export type { CommentView };

export const DELETED_TEXT = "[deleted]";

/** The columns of docs/product.md §3's comment (with its author's name), for every list of comments. */
export const commentColumns = {
  id: comments.id,
  postId: comments.postId,
  userId: comments.userId,
  username: users.username,
  parentId: comments.parentId,
  content: comments.content,
  upvotes: comments.upvotes,
  downvotes: comments.downvotes,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
};

// Reading a post's thread (cached per data version): comment-thread.server.ts.

/**
 * A new comment (or a reply when parentId is set) by `userId`, in one immediate transaction with
 * the post's commentsCount and the notifications: the parent's author gets reply_to_comment, the
 * post's author comment_on_post (once, never for your own content, not once they muted its replies),
 * the thread's followers one batched thread_activity line (watch.server.ts). Content is already valid
 * (CommentFormSchema / CommentApiSchema in rules/schemas/interact.ts); replies go only to live comments
 * of the same post. Problem(not_found) otherwise; forbidden when the post's or the parent's author,
 * or a member the text @mentions, and the commenter blocked each other (either way).
 */
export function createComment({
  userId,
  postId,
  content,
  parentId = null,
  vouched = false,
}: {
  userId: number;
  postId: number;
  content: string;
  parentId?: number | null;
  /** A moderator approved it (a new account's waiting comment): it notifies as a trusted member's does. */
  vouched?: boolean;
}): CommentView {
  return writeTransaction((tx): CommentView => {
      const { post, parentAuthor } = assertMayComment(tx, { userId, postId, content, parentId });
      const row = tx.insert(comments).values({ postId, userId, parentId, content: content.trim() }).returning().get();
      tx.update(posts).set({ commentsCount: sql`${posts.commentsCount} + 1` }).where(eq(posts.id, postId)).run();

      const author = tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).get();
      const actor = author?.username ?? "Someone";
      const about = { actorId: userId, postId, commentId: row.id, vouched };
      if (parentId !== null) {
        notify({ ...about, userId: parentAuthor, type: "reply_to_comment", params: { actor, title: post.title } });
      }
      // The author follows their own post by default (these notices), unless they muted its replies.
      if ((parentId === null || post.userId !== parentAuthor) && !authorMutedPost(tx, { postId, authorId: post.userId })) {
        notify({ ...about, userId: post.userId, type: "comment_on_post", params: { actor, title: post.title } });
      }
      const mentioned = notifyMentions(tx, { commentId: row.id, postId, postTitle: post.title, actor: { id: userId, username: actor }, content: row.content, vouched });
      const told = new Set(mentioned);
      if (parentAuthor !== null) told.add(parentAuthor);
      notifyThreadFollowers(tx, { postId, postTitle: post.title, authorId: post.userId, parentId, actorId: userId, alreadyTold: told, vouched });
      const mentions = knownMembers(mentionedNames(row.content));
      return {
          id: row.id,
          postId,
          userId,
          username: actor,
          parentId: row.parentId,
          content: row.content,
          upvotes: 0,
          downvotes: 0,
          createdAt: row.createdAt.toISOString(),
          isDeleted: false,
          editedAt: null,
          ...(Object.keys(mentions).length > 0 ? { mentions } : {}),
          myVote: null,
      };
    });
}

/**
 * The checks of a new comment (also of one that waits for a moderator: spam/held.server.ts): the post
 * and the live parent of the same post exist (not_found), and no block stands between the writer and
 * their authors or the members the text mentions (forbidden). Returns the post and the parent's author.
 */
export function assertMayComment(
  tx: DbOrTx,
  { userId, postId, content, parentId }: { userId: number; postId: number; content: string; parentId: number | null },
): { post: { userId: number | null; title: string }; parentAuthor: number | null } {
  const post = tx.select({ userId: posts.userId, title: posts.title }).from(posts).where(eq(posts.id, postId)).get();
  if (!post) throw notFound(NOT_FOUND.post);
  let parentAuthor: number | null = null;
  if (parentId !== null) {
    const parent = tx
      .select({ userId: comments.userId })
      .from(comments)
      .where(and(eq(comments.id, parentId), eq(comments.postId, postId), isNull(comments.deletedAt)))
      .get();
    if (!parent) throw notFound(NOT_FOUND.comment);
    parentAuthor = parent.userId;
    assertMayInteract({ actorId: userId, targetId: parentAuthor });
  }
  assertMayInteract({ actorId: userId, targetId: post.userId });
  assertMayMention({ actorId: userId, content });
  return { post, parentAuthor };
}

export type DeleteCommentResult = { postId: number; mode: "hard" | "soft" };

/**
 * The author deletes a comment. Without replies it is gone (with its votes and notifications);
 * with replies it stays as a '[deleted]' placeholder so the thread keeps its shape. A placeholder
 * left without replies is removed too. commentsCount counts live comments, so it drops by one.
 */
export function deleteComment({ id, actorId }: { id: number; actorId: number }): DeleteCommentResult {
  return writeTransaction((tx): DeleteCommentResult => {
      const comment = tx
        .select({ userId: comments.userId, postId: comments.postId, parentId: comments.parentId })
        .from(comments)
        .where(and(eq(comments.id, id), isNull(comments.deletedAt)))
        .get();
      if (!comment) throw notFound(NOT_FOUND.comment);
      if (comment.userId !== actorId) throw forbidden("You can only delete your own comments.");
      const mode = removeComment(tx, { id, ...comment });
      return { postId: comment.postId, mode };
    });
}

/**
 * Removes a live comment inside the caller's transaction: without replies it is gone (with its
 * votes and notifications, and any '[deleted]' parents it was the last reply of); with replies it
 * becomes a '[deleted]' placeholder. Its post's commentsCount (live comments) drops by one.
 * Used by the author's delete and by an admin deleting the author's account.
 */
export function removeComment(tx: DbOrTx, comment: { id: number; postId: number; parentId: number | null }): "hard" | "soft" {
  let mode: "hard" | "soft";
  if (hasReplies(tx, comment.id)) {
    tx.update(comments).set({ deletedAt: new Date(), content: DELETED_TEXT }).where(eq(comments.id, comment.id)).run();
    tx.delete(notifications).where(eq(notifications.commentId, comment.id)).run();
    mode = "soft";
  } else {
    tx.delete(comments).where(eq(comments.id, comment.id)).run();
    removeEmptyPlaceholders(tx, comment.parentId);
    mode = "hard";
  }
  tx.update(posts).set({ commentsCount: sql`${posts.commentsCount} - 1` }).where(eq(posts.id, comment.postId)).run();
  return mode;
}

function hasReplies(tx: DbOrTx, id: number): boolean {
  return Boolean(tx.select({ id: comments.id }).from(comments).where(eq(comments.parentId, id)).limit(1).get());
}

/** Walks up from `parentId` removing '[deleted]' placeholders that no longer hold any reply. */
function removeEmptyPlaceholders(tx: DbOrTx, parentId: number | null) {
  let current = parentId;
  while (current !== null) {
    const parent = tx.select({ parentId: comments.parentId, deletedAt: comments.deletedAt }).from(comments).where(eq(comments.id, current)).get();
    if (!parent || parent.deletedAt === null || hasReplies(tx, current)) return;
    tx.delete(comments).where(eq(comments.id, current)).run();
    current = parent.parentId;
  }
}
