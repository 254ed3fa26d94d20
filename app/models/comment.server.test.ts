import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { comments, notifications, posts } from "#db/schema.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { createComment, deleteComment } from "./comment.server.ts";
import { listPostComments } from "./comment-thread.server.ts";
import { castVote } from "./vote.server.ts";
import { notificationText } from "~/rules/notification-registry.ts";

function comment(input: Parameters<typeof createComment>[0]) {
  return createComment(input);
}
function commentsCount(postId: number) {
  return getDb().select({ n: posts.commentsCount }).from(posts).where(eq(posts.id, postId)).get()!.n;
}
function liveComments(postId: number) {
  return getDb().get<{ n: number }>(sql`SELECT count(*) AS n FROM comments WHERE post_id = ${postId} AND deleted_at IS NULL`)!.n;
}
function stored(id: number) {
  return getDb().select().from(comments).where(eq(comments.id, id)).get();
}
function notesOf(userId: number) {
  return getDb().select().from(notifications).where(eq(notifications.userId, userId)).all()
    .map((n) => ({ ...n, message: notificationText(n) }));
}

describe("createComment", () => {
  it("adds a comment, counts it on the post and tells the post's author", () => {
    const author = makeUser();
    const commenter = makeUser();
    const post = makePost({ userId: author.id, title: "Ladders" });
    const c = comment({ userId: commenter.id, postId: post.id, content: "  Ha, brilliant  " });
    expect(c).toMatchObject({ postId: post.id, userId: commenter.id, username: commenter.username, parentId: null, content: "Ha, brilliant", isDeleted: false, myVote: null });
    expect(commentsCount(post.id)).toBe(1);
    expect(notesOf(author.id)).toEqual([
      expect.objectContaining({ type: "comment_on_post", actorId: commenter.id, postId: post.id, commentId: c.id, message: `${commenter.username} commented on your post "Ladders"` }),
    ]);
  });

  it("a reply tells the parent's author and, once, the post's author", () => {
    const author = makeUser();
    const first = makeUser();
    const second = makeUser();
    const post = makePost({ userId: author.id, title: "Thread" });
    const top = comment({ userId: first.id, postId: post.id, content: "top level" });
    const reply = comment({ userId: second.id, postId: post.id, content: "a reply", parentId: top.id });
    expect(reply.parentId).toBe(top.id);
    expect(notesOf(first.id)).toEqual([
      expect.objectContaining({ type: "reply_to_comment", commentId: reply.id, message: `${second.username} replied to your comment on "Thread"` }),
    ]);
    expect(notesOf(author.id).map((n) => n.type)).toEqual(["comment_on_post", "comment_on_post"]);

    // The post's author replying to a comment on their own post: only the comment's author hears.
    const before = notesOf(author.id).length;
    comment({ userId: author.id, postId: post.id, content: "thanks!", parentId: top.id });
    expect(notesOf(author.id)).toHaveLength(before);
    expect(notesOf(first.id).map((n) => n.type)).toEqual(["reply_to_comment", "reply_to_comment"]);
  });

  it("replying to your own comment on your own post notifies nobody", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id });
    const top = comment({ userId: author.id, postId: post.id, content: "my own" });
    comment({ userId: author.id, postId: post.id, content: "me again", parentId: top.id });
    expect(notesOf(author.id)).toEqual([]);
  });

  it("refuses a missing post, a parent on another post and a deleted parent", () => {
    const user = makeUser();
    const post = makePost({ userId: user.id });
    const other = makePost({ userId: user.id });
    const elsewhere = comment({ userId: user.id, postId: other.id, content: "elsewhere" });
    expect(() => createComment({ userId: user.id, postId: 999999, content: "hello" })).toThrow(expect.objectContaining({ kind: "not_found", message: "Post not found" }));
    expect(() => createComment({ userId: user.id, postId: post.id, content: "hello", parentId: elsewhere.id })).toThrow(expect.objectContaining({ kind: "not_found", message: "Comment not found" }));
    const gone = comment({ userId: user.id, postId: post.id, content: "to go" });
    comment({ userId: user.id, postId: post.id, content: "keeps it", parentId: gone.id });
    deleteComment({ id: gone.id, actorId: user.id });
    expect(() => createComment({ userId: user.id, postId: post.id, content: "late", parentId: gone.id })).toThrow(expect.objectContaining({ kind: "not_found", message: "Comment not found" }));
    expect(commentsCount(post.id)).toBe(liveComments(post.id));
  });
});

describe("deleteComment", () => {
  it("is for the author only", () => {
    const author = makeUser();
    const other = makeUser();
    const post = makePost({ userId: author.id });
    const c = comment({ userId: author.id, postId: post.id, content: "mine only" });
    expect(() => deleteComment({ id: c.id, actorId: other.id })).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(() => deleteComment({ id: 999999, actorId: author.id })).toThrow(expect.objectContaining({ kind: "not_found" }));
    expect(stored(c.id)).toMatchObject({ id: c.id, deletedAt: null });
  });

  it("removes a comment without replies, with its votes and notifications", () => {
    const author = makeUser();
    const commenter = makeUser();
    const post = makePost({ userId: author.id });
    const c = comment({ userId: commenter.id, postId: post.id, content: "short lived" });
    castVote({ userId: author.id, commentId: c.id, isUpvote: true });
    expect(deleteComment({ id: c.id, actorId: commenter.id })).toEqual({ postId: post.id, mode: "hard" });
    expect(stored(c.id)).toBeUndefined();
    expect(commentsCount(post.id)).toBe(0);
    expect(notesOf(author.id).filter((n) => n.commentId === c.id)).toEqual([]);
    expect(notesOf(commenter.id)).toEqual([]);
    expect(() => deleteComment({ id: c.id, actorId: commenter.id })).toThrow(expect.objectContaining({ kind: "not_found" }));
  });

  it("keeps a '[deleted]' placeholder while replies hang below it, then tidies it away", () => {
    const user = makeUser();
    const replier = makeUser();
    const post = makePost({ userId: user.id });
    const top = comment({ userId: user.id, postId: post.id, content: "the parent" });
    const reply = comment({ userId: replier.id, postId: post.id, content: "the reply", parentId: top.id });
    expect(commentsCount(post.id)).toBe(2);

    expect(deleteComment({ id: top.id, actorId: user.id })).toMatchObject({ mode: "soft" });
    expect(commentsCount(post.id)).toBe(1);
    expect(commentsCount(post.id)).toBe(liveComments(post.id));
    const listed = listPostComments({ postId: post.id, viewerId: user.id });
    expect(listed.map((c) => [c.id, c.content, c.username, c.isDeleted, c.userId])).toEqual([
      [top.id, "[deleted]", "[deleted]", true, null],
      [reply.id, "the reply", replier.username, false, replier.id],
    ]);
    // The stored text is gone too, not only hidden.
    expect(getDb().select({ content: comments.content }).from(comments).where(eq(comments.id, top.id)).get()!.content).toBe("[deleted]");
    // Deleting twice is "not found".
    expect(() => deleteComment({ id: top.id, actorId: user.id })).toThrow(expect.objectContaining({ kind: "not_found" }));

    expect(deleteComment({ id: reply.id, actorId: replier.id })).toMatchObject({ mode: "hard" });
    expect(listPostComments({ postId: post.id })).toEqual([]);
    expect(commentsCount(post.id)).toBe(0);
  });
});
