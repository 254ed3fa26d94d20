import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { moderationLog, notifications, revisions } from "#db/schema.ts";
import { EDIT_WINDOW_CLOSED, REDACTED_TEXT } from "~/rules/edit-rules.ts";
import { mentionedNames, textParts } from "~/lib/mentions.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { blockUser } from "./block.server.ts";
import { createComment } from "./comment.server.ts";
import { listPostComments } from "./comment-thread.server.ts";
import { editComment, editPost } from "./edit.server.ts";
import { getCommentHistory, getPostHistory, redactRevision } from "./revision.server.ts";
import { searchPosts } from "./post/search.server.ts";
import { listFeedEntries } from "./syndication.server.ts";
import { notificationText } from "~/rules/notification-registry.ts";

const HOUR = 3_600_000;
const mentionsOf = (userId: number) =>
  getDb().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, "mention"))).all()
    .map((n) => ({ ...n, message: notificationText(n) }));

describe("editComment", () => {
  it("keeps the previous version, marks it edited and shows the difference", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id });
    const c = createComment({ userId: author.id, postId: post.id, content: "The quick brown fox" });
    const edited = editComment({ id: c.id, actorId: author.id, content: "The slow brown fox jumps" });
    expect(edited.content).toBe("The slow brown fox jumps");
    expect(edited.editedAt).not.toBeNull();
    editComment({ id: c.id, actorId: author.id, content: "The slow brown dog jumps" });
    expect(getDb().select().from(revisions).where(eq(revisions.commentId, c.id)).all().map((r) => r.content)).toEqual([
      "The quick brown fox",
      "The slow brown fox jumps",
    ]);
    const history = getCommentHistory(c.id)!;
    expect(history.versions.map((v) => v.fields[0].text)).toEqual(["The slow brown dog jumps", "The slow brown fox jumps", "The quick brown fox"]);
    expect(history.versions[1].fields[0].diff).toEqual([
      { kind: "same", text: "The " },
      { kind: "removed", text: "quick" },
      { kind: "added", text: "slow" },
      { kind: "same", text: " brown fox" },
      { kind: "added", text: " jumps" },
    ]);
    expect(history.versions[2].fields[0].diff).toBeNull();
    expect(listPostComments({ postId: post.id }).find((x) => x.id === c.id)?.editedAt).toEqual(expect.any(String));
  });

  it("an unchanged text is no edit", () => {
    const author = makeUser();
    const c = createComment({ userId: author.id, postId: makePost({ userId: author.id }).id, content: "Same words here" });
    expect(editComment({ id: c.id, actorId: author.id, content: "  Same words here " }).editedAt).toBeNull();
    expect(getDb().select().from(revisions).where(eq(revisions.commentId, c.id)).all()).toEqual([]);
  });

  it("is the author's only, within the window, with the rules of writing one", () => {
    const author = makeUser();
    const other = makeUser({ isAdmin: true });
    const post = makePost({ userId: author.id });
    const c = createComment({ userId: author.id, postId: post.id, content: "A fine comment" });
    const reply = createComment({ userId: author.id, postId: post.id, content: "A fine reply", parentId: c.id });
    expect(() => editComment({ id: c.id, actorId: other.id, content: "Not mine to edit" })).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(() => editComment({ id: c.id, actorId: author.id, content: "abc" })).toThrow(expect.objectContaining({ kind: "invalid", message: "Comment too short" }));
    expect(() => editComment({ id: reply.id, actorId: author.id, content: "x".repeat(501) })).toThrow(
      expect.objectContaining({ message: "Reply must be at most 500 characters" }),
    );
    expect(() => editComment({ id: c.id, actorId: author.id, content: "Later words" }, { now: Date.now() + 25 * HOUR })).toThrow(
      expect.objectContaining({ kind: "conflict", message: EDIT_WINDOW_CLOSED }),
    );
    expect(() => editComment({ id: c.id, actorId: author.id, content: "Later words" }, { windowHours: 0 })).toThrow(
      expect.objectContaining({ kind: "conflict" }),
    );
    expect(editComment({ id: c.id, actorId: author.id, content: "Later words" }, { now: Date.now() + 23 * HOUR }).content).toBe("Later words");
  });
});

describe("editPost", () => {
  it("changes the title, category and quoted author, keeps the old ones, and search and feeds follow", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "Original zebracorn title", commentAuthor: "Someone" });
    const edited = editPost({ id: post.id, actorId: author.id, asAdmin: false, changes: { title: "Edited narwhalish title", commentAuthor: "Someone Else" } }, { now: Date.now() + HOUR });
    const history = getPostHistory(post.id)!;
    expect(history.versions).toHaveLength(2);
    expect(history.versions[1].fields.find((f) => f.name === "title")?.text).toBe("Original zebracorn title");
    expect(searchPosts({ q: "narwhalish", limit: 10 }).posts.map((p) => p.id)).toEqual([post.id]);
    expect(searchPosts({ q: "zebracorn", limit: 10 }).posts).toEqual([]);
    const entry = listFeedEntries({ source: { kind: "user", userId: author.id } })[0];
    expect(entry).toMatchObject({ title: "Edited narwhalish title", commentAuthor: "Someone Else" });
    // The entry's <updated> is the edit's time (an hour after the post was written here).
    expect(entry.updatedAt.toISOString()).toBe(edited.editedAt);
    expect(entry.updatedAt.getTime() - entry.createdAt.getTime()).toBeGreaterThanOrEqual(HOUR - 1000);
  });

  it("the window binds the author; an admin edits title and category of any post, logged", () => {
    const author = makeUser();
    const admin = makeUser({ isAdmin: true });
    const member = makeUser();
    const post = makePost({ userId: author.id, title: "A post to fix" });
    expect(() => editPost({ id: post.id, actorId: member.id, asAdmin: false, changes: { title: "Hijacked" } })).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(() => editPost({ id: post.id, actorId: author.id, asAdmin: false, changes: { title: "Too late now" } }, { windowHours: 0 })).toThrow(
      expect.objectContaining({ kind: "conflict", message: EDIT_WINDOW_CLOSED }),
    );
    expect(() => editPost({ id: post.id, actorId: admin.id, asAdmin: true, changes: { commentAuthor: "Nope" } })).toThrow(expect.objectContaining({ kind: "forbidden" }));
    editPost({ id: post.id, actorId: admin.id, asAdmin: true, changes: { title: "A post fixed by a moderator" } }, { windowHours: 0 });
    const log = getDb().select().from(moderationLog).where(and(eq(moderationLog.action, "edit_post"), eq(moderationLog.targetId, post.id))).all();
    expect(log).toEqual([expect.objectContaining({ adminId: admin.id, targetLabel: "A post fixed by a moderator", reason: "title was “A post to fix”" })]);
  });
});

describe("redactRevision", () => {
  it("an admin replaces one version's text, logged with the reason; members cannot", () => {
    const author = makeUser();
    const admin = makeUser({ isAdmin: true });
    const post = makePost({ userId: author.id });
    const c = createComment({ userId: author.id, postId: post.id, content: "My address is 1 Secret Lane" });
    editComment({ id: c.id, actorId: author.id, content: "Oops, removed that" });
    const revisionId = getCommentHistory(c.id)!.versions[1].revisionId!;
    expect(() => redactRevision({ revisionId, actorId: author.id, reason: "mine" })).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(() => redactRevision({ revisionId, actorId: admin.id, reason: " " })).toThrow(expect.objectContaining({ kind: "invalid" }));
    redactRevision({ revisionId, actorId: admin.id, reason: "doxxing" });
    const versions = getCommentHistory(c.id)!.versions;
    expect(versions[1]).toMatchObject({ redacted: true, fields: [expect.objectContaining({ text: REDACTED_TEXT })] });
    expect(versions[0].fields[0].diff).toBeNull();
    expect(JSON.stringify(getDb().select().from(revisions).where(eq(revisions.id, revisionId)).get())).not.toContain("Secret");
    expect(getDb().select().from(moderationLog).where(eq(moderationLog.action, "redact_revision")).all()).toContainEqual(
      expect.objectContaining({ targetKind: "comment", targetId: c.id, reason: "doxxing" }),
    );
  });
});

describe("mentions", () => {
  it("are names after an @ that starts a word, never inside words or e-mail addresses", () => {
    expect(mentionedNames("hi @Alice and @bob_2, not mail@carol.com nor x@dave or @@erin; (@frank.)")).toEqual(["alice", "bob_2", "frank"]);
    expect(textParts("hey @alice and @nobody", { known: { alice: 4 } })).toEqual([{ text: "hey " }, { mention: "@alice", userId: 4 }, { text: " and @nobody" }]);
  });

  it("notify each member once per comment, five at most, never the writer, and not again on re-edit", () => {
    const writer = makeUser();
    const post = makePost({ userId: writer.id, title: "Mentions" });
    const members = Array.from({ length: 7 }, () => makeUser());
    const [first, second] = members;
    const c = createComment({ userId: writer.id, postId: post.id, content: `Hello @${first.username} and @${writer.username}` });
    expect(mentionsOf(first.id)).toEqual([
      expect.objectContaining({ actorId: writer.id, commentId: c.id, postId: post.id, message: `${writer.username} mentioned you on "Mentions"` }),
    ]);
    expect(mentionsOf(writer.id)).toEqual([]);
    editComment({ id: c.id, actorId: writer.id, content: `Hello again @${first.username} and @${second.username}` });
    expect(mentionsOf(first.id)).toHaveLength(1);
    expect(mentionsOf(second.id)).toHaveLength(1);
    editComment({ id: c.id, actorId: writer.id, content: members.map((m) => `@${m.username}`).join(" ") });
    expect(members.map((m) => mentionsOf(m.id).length)).toEqual([1, 1, 1, 1, 1, 0, 0]);
    const shown = listPostComments({ postId: post.id }).find((x) => x.id === c.id)!;
    expect(shown.mentions?.[first.username.toLowerCase()]).toBe(first.id);
  });

  it("a member who blocked the writer is not notified: the mention is refused, written or added by an edit", () => {
    const writer = makeUser();
    const blocker = makeUser();
    const friend = makeUser();
    blockUser({ blockerId: blocker.id, blockedId: writer.id });
    const post = makePost({ userId: writer.id, title: "Blocked mentions" });
    expect(() => createComment({ userId: writer.id, postId: post.id, content: `Hi @${blocker.username} there` })).toThrow("You can't interact with this member.");
    const c = createComment({ userId: writer.id, postId: post.id, content: `Hi @${friend.username} and @nobody_here_at_all` });
    // An unknown name is no link: only known members are in the comment's mentions.
    const shown = listPostComments({ postId: post.id }).find((x) => x.id === c.id)!;
    expect(Object.keys(shown.mentions ?? {})).toEqual([friend.username.toLowerCase()]);
    expect(() => editComment({ id: c.id, actorId: writer.id, content: `Hi @${blocker.username} and @${friend.username}` })).toThrow("You can't interact with this member.");
    expect(mentionsOf(blocker.id)).toEqual([]);
    expect(mentionsOf(friend.id)).toHaveLength(1);
  });

  it("the difference escapes nothing itself and keeps whitespace", () => {
    const author = makeUser();
    const c = createComment({ userId: author.id, postId: makePost({ userId: author.id }).id, content: "a <b>  tag" });
    editComment({ id: c.id, actorId: author.id, content: "a <i>  tag" });
    expect(getCommentHistory(c.id)!.versions[0].fields[0].diff).toEqual([
      { kind: "same", text: "a <" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "i" },
      { kind: "same", text: ">  tag" },
    ]);
  });
});
