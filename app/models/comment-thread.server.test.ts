import Database from "better-sqlite3";
import { withSqlFunctions } from "#db/client.server.ts";
import { afterAll, describe, expect, it } from "vitest";
import { threadComments } from "~/lib/comment-thread.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { createComment, deleteComment } from "./comment.server.ts";
import { getPostThread, listPostComments } from "./comment-thread.server.ts";
import { editComment } from "./edit.server.ts";
import { castVote } from "./vote.server.ts";

// Another worker of WORKERS=N: its own connection to the same file.
// Another worker's connection, with the SQL functions every connection has (the triggers call them).
const other = withSqlFunctions(new Database(process.env.DATABASE_PATH!));
other.pragma("busy_timeout = 5000");
afterAll(() => other.close());
/** The next request: a new turn of the event loop. */
const nextRequest = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the post page's thread (kept in memory, lag 0)", () => {
  it("shows this worker's new comments, votes and deletions at the next read", () => {
    const author = makeUser();
    const reader = makeUser();
    const post = makePost({ userId: author.id });
    const first = createComment({ userId: author.id, postId: post.id, content: "first" });
    expect(listPostComments({ postId: post.id }).map((c) => c.content)).toEqual(["first"]);

    const second = createComment({ userId: reader.id, postId: post.id, content: "second" });
    expect(listPostComments({ postId: post.id }).map((c) => c.content)).toEqual(["first", "second"]);

    castVote({ userId: reader.id, commentId: first.id, isUpvote: true });
    expect(listPostComments({ postId: post.id })[0]).toMatchObject({ upvotes: 1, myVote: null });
    expect(listPostComments({ postId: post.id, viewerId: reader.id })[0]).toMatchObject({ upvotes: 1, myVote: "up" });

    deleteComment({ id: second.id, actorId: reader.id });
    expect(listPostComments({ postId: post.id }).map((c) => c.content)).toEqual(["first"]);
  });

  it("shows another worker's writes at the next request", async () => {
    const author = makeUser();
    const post = makePost({ userId: author.id });
    const c = createComment({ userId: author.id, postId: post.id, content: "mine" });
    expect(getPostThread({ postId: post.id }).json).toContain("mine");

    other.prepare("UPDATE comments SET upvotes = 7 WHERE id = ?").run(c.id);
    other.prepare("INSERT INTO comments (post_id, user_id, content) VALUES (?, ?, 'theirs')").run(post.id, author.id);
    await nextRequest();
    const thread = threadComments(getPostThread({ postId: post.id }));
    expect(thread.map((x) => [x.content, x.upvotes])).toEqual([
      ["mine", 7],
      ["theirs", 0],
    ]);

    other.prepare("UPDATE users SET username = 'renamed_author' WHERE id = ?").run(author.id);
    await nextRequest();
    expect(listPostComments({ postId: post.id }).map((x) => x.username)).toEqual(["renamed_author", "renamed_author"]);
  });

  it("sends the shared JSON with the viewer's own votes beside it", () => {
    const author = makeUser();
    const voter = makeUser();
    const post = makePost({ userId: author.id });
    const a = createComment({ userId: author.id, postId: post.id, content: "a" });
    const b = createComment({ userId: author.id, postId: post.id, content: "b" });
    castVote({ userId: voter.id, commentId: b.id, isUpvote: false });
    const forVoter = getPostThread({ postId: post.id, viewerId: voter.id });
    const forVisitor = getPostThread({ postId: post.id });
    // One text for everyone, made once.
    expect(forVoter.json).toBe(forVisitor.json);
    expect(forVoter.myVotes).toEqual({ [b.id]: "down" });
    expect(forVisitor.myVotes).toEqual({});
    expect(threadComments(forVoter).map((c) => [c.id, c.myVote])).toEqual([
      [a.id, null],
      [b.id, "down"],
    ]);
    expect(threadComments(forVoter)).toEqual(listPostComments({ postId: post.id, viewerId: voter.id }));
  });

  it("shows every field of each comment: a reply, an edit with a mention, a deleted one", () => {
    const author = makeUser();
    const named = makeUser();
    const post = makePost({ userId: author.id });
    const top = createComment({ userId: author.id, postId: post.id, content: "top" });
    const reply = createComment({ userId: named.id, postId: post.id, content: "a reply", parentId: top.id });
    const gone = createComment({ userId: named.id, postId: post.id, content: "soon gone" });
    // A deleted comment with replies stays in the thread, as [deleted].
    createComment({ userId: author.id, postId: post.id, content: "under it", parentId: gone.id });
    const edited = editComment({ id: top.id, actorId: author.id, content: `hello @${named.username}` });
    deleteComment({ id: gone.id, actorId: named.id });
    castVote({ userId: named.id, commentId: top.id, isUpvote: true });
    const [first, second, third] = listPostComments({ postId: post.id });
    expect(first).toEqual({
      id: top.id,
      postId: post.id,
      userId: author.id,
      username: author.username,
      parentId: null,
      content: `hello @${named.username}`,
      upvotes: 1,
      downvotes: 0,
      createdAt: top.createdAt,
      isDeleted: false,
      editedAt: edited.editedAt,
      mentions: { [named.username.toLowerCase()]: named.id },
      myVote: null,
    });
    expect(second).toEqual({
      id: reply.id,
      postId: post.id,
      userId: named.id,
      username: named.username,
      parentId: top.id,
      content: "a reply",
      upvotes: 0,
      downvotes: 0,
      createdAt: reply.createdAt,
      isDeleted: false,
      editedAt: null,
      myVote: null,
    });
    expect(third).toMatchObject({ id: gone.id, userId: null, content: "[deleted]", isDeleted: true, editedAt: null });
    expect(third).not.toHaveProperty("mentions");
  });
});
