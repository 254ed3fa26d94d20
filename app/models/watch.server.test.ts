import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { notifications } from "#db/schema.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { blockUser } from "./block.server.ts";
import { createComment } from "./comment.server.ts";
import { markAllNotificationsRead } from "./notification.server.ts";
import { threadWatchOf, watchComment, watchPost } from "./watch.server.ts";
import { notificationText } from "~/rules/notification-registry.ts";

function notesOf(userId: number) {
  return getDb().select().from(notifications).where(eq(notifications.userId, userId)).all()
    .map((n) => ({ ...n, message: notificationText(n) }));
}
const say = (userId: number, postId: number, parentId: number | null = null) =>
  createComment({ userId, postId, parentId, content: "Ha, that is a good one" });

describe("following a post", () => {
  it("turns fifty new comments into one line for a follower, and a new line once that one is read", () => {
    const author = makeUser();
    const follower = makeUser();
    const post = makePost({ userId: author.id, title: "Ladders" });
    expect(watchPost({ userId: follower.id, postId: post.id, following: true })).toEqual({ following: true, isAuthor: false });
    const talkers = [makeUser(), makeUser(), makeUser()];
    for (let i = 0; i < 50; i++) say(talkers[i % 3].id, post.id);
    const lines = notesOf(follower.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ type: "thread_activity", postId: post.id, batchSize: 50, isRead: false, message: '50 new comments in "Ladders"', actorId: talkers[49 % 3].id });
    markAllNotificationsRead({ userId: follower.id });
    say(talkers[0].id, post.id);
    expect(notesOf(follower.id).filter((n) => !n.isRead)).toEqual([expect.objectContaining({ batchSize: 1, message: '1 new comment in "Ladders"' })]);
    // The author hears through comment_on_post (one per comment, as before), never thread_activity.
    expect(notesOf(author.id).every((n) => n.type === "comment_on_post")).toBe(true);
  });

  it("skips the writer, members told already (a reply, a mention) and members blocked either way", () => {
    const author = makeUser();
    const [a, b, c] = [makeUser(), makeUser(), makeUser()];
    const post = makePost({ userId: author.id });
    for (const u of [a, b, c]) watchPost({ userId: u.id, postId: post.id, following: true });
    blockUser({ blockerId: c.id, blockedId: a.id });
    const top = say(b.id, post.id);
    say(a.id, post.id, top.id); // a replies to b: b gets reply_to_comment, c blocked a, a wrote it
    expect(notesOf(b.id).map((n) => n.type)).toEqual(["reply_to_comment"]);
    expect(notesOf(c.id).map((n) => n.type)).toEqual(["thread_activity"]); // about b's comment only
    expect(notesOf(c.id)[0].batchSize).toBe(1);
    createComment({ userId: c.id, postId: post.id, content: `hello @${b.username}` });
    expect(notesOf(b.id).map((n) => n.type).sort()).toEqual(["mention", "reply_to_comment"]);
  });

  it("stops when unfollowed; the author follows by default and can mute replies to their post", () => {
    const author = makeUser();
    const follower = makeUser();
    const post = makePost({ userId: author.id });
    expect(threadWatchOf({ viewerId: author.id, postId: post.id, authorId: author.id })).toEqual({ post: true, comments: [], isAuthor: true });
    watchPost({ userId: follower.id, postId: post.id, following: true });
    watchPost({ userId: follower.id, postId: post.id, following: false });
    expect(watchPost({ userId: author.id, postId: post.id, following: false })).toEqual({ following: false, isAuthor: true });
    expect(threadWatchOf({ viewerId: author.id, postId: post.id, authorId: author.id }).post).toBe(false);
    say(makeUser().id, post.id);
    expect(notesOf(author.id)).toEqual([]);
    expect(notesOf(follower.id)).toEqual([]);
    watchPost({ userId: author.id, postId: post.id, following: true });
    say(makeUser().id, post.id);
    expect(notesOf(author.id).map((n) => n.type)).toEqual(["comment_on_post"]);
  });
});

describe("following the replies to a comment", () => {
  it("hears about replies at any depth below it, not about the rest of the post", () => {
    const post = makePost({ userId: makeUser().id });
    const follower = makeUser();
    const [a, b] = [makeUser(), makeUser()];
    const top = say(a.id, post.id);
    const other = say(a.id, post.id);
    expect(watchComment({ userId: follower.id, commentId: top.id, following: true })).toEqual({ following: true, postId: post.id });
    expect(threadWatchOf({ viewerId: follower.id, postId: post.id, authorId: null })).toEqual({ post: false, comments: [top.id], isAuthor: false });
    say(b.id, post.id, other.id);
    expect(notesOf(follower.id)).toEqual([]);
    const reply = say(b.id, post.id, top.id);
    say(a.id, post.id, reply.id);
    expect(notesOf(follower.id)).toEqual([expect.objectContaining({ type: "thread_activity", batchSize: 2 })]);
    watchComment({ userId: follower.id, commentId: top.id, following: false });
    expect(threadWatchOf({ viewerId: follower.id, postId: post.id, authorId: null }).comments).toEqual([]);
  });

  it("refuses a missing post or comment", () => {
    const u = makeUser();
    expect(() => watchPost({ userId: u.id, postId: 999_999, following: true })).toThrow("Post not found");
    expect(() => watchComment({ userId: u.id, commentId: 999_999, following: true })).toThrow("Comment not found");
  });
});
