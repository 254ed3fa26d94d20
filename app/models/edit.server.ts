import { hasLink, NEWCOMER_LINK_EDIT } from "~/rules/spam-rules.ts";
import { isNewcomer } from "./spam/trust.server.ts";
import { holdEdited, postText } from "./spam/hold.server.ts";
import { toHeldView, type HeldView } from "./spam/held.server.ts";
import { eq } from "drizzle-orm";
import { comments, posts, revisions, users } from "#db/schema.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { commentError } from "~/rules/comment-rules.ts";
import { EDIT_OWN_ONLY, EDIT_WINDOW_CLOSED, withinEditWindow } from "~/rules/edit-rules.ts";
import { conflict, forbidden, invalid, notFound, NOT_FOUND } from "~/lib/problem.ts";
import type { PostEditInput } from "~/rules/schemas/post-input.ts";
import { getDb } from "#db/client.server.ts";
import { writeTransaction } from "./db.server.ts";
import { assertMayMention, notifyMentions } from "./mention.server.ts";
import { storedChange } from "./revision-diff.server.ts";
import { appendModerationLog, type Moderator } from "./moderation-log.server.ts";
import { logRuleRefusals } from "./moderation/rule-check.server.ts";

// Editing a post or a comment (docs/product.md §5, decision 0068). Each edit keeps the version it
// replaces as a row of `revisions`, with what the edit changed (worked out here, once: decision
// 0068), in the same transaction as the new text. No notice is sent again; a mention the edit adds
// notifies once (mention.server.ts). The FTS triggers follow UPDATEs of the title and the quoted
// author, so search follows the new text. An edit passes the admins' rules and a new account's the
// spam rules of new text (spam/hold.server.ts holdEdited): when the new text would wait, the item goes
// back to the queue (`held`); a rule's refusal is the edit's Problem (logged: logRuleRefusals).

export type EditOptions = { windowHours?: number; now?: number };

const windowOf = (options: EditOptions) => options.windowHours ?? getEnv().EDIT_WINDOW_HOURS;

/** Whether the author may still edit what they wrote at `createdAt` (for showing the Edit action). */
function editWindowOpen(createdAt: string | Date, options: EditOptions = {}): boolean {
  return withinEditWindow(createdAt, windowOf(options), options.now);
}

export type EditedComment = { id: number; postId: number; content: string; editedAt: string | null; held?: HeldView };

/**
 * The author edits their comment or reply: the rules of writing one (comment-rules.ts), within the
 * edit window (Problem conflict after it), their own only (forbidden). An unchanged text is no edit.
 */
export function editComment(
  { id, actorId, content }: { id: number; actorId: number; content: string },
  options: EditOptions = {},
): EditedComment {
  return logRuleRefusals(() => writeTransaction((tx): EditedComment => {
    const comment = tx.select().from(comments).where(eq(comments.id, id)).get();
    if (!comment || comment.deletedAt !== null) throw notFound(NOT_FOUND.comment);
    if (comment.userId !== actorId) throw forbidden(EDIT_OWN_ONLY);
    if (!withinEditWindow(comment.createdAt, windowOf(options), options.now)) throw conflict(EDIT_WINDOW_CLOSED);
    const text = content.trim();
    const message = commentError(text, comment.parentId !== null) ?? (text ? null : "Comment cannot be empty");
    if (message) throw invalid(message, "content");
    const unchanged = { id, postId: comment.postId, content: comment.content, editedAt: comment.editedAt?.toISOString() ?? null };
    if (text === comment.content) return unchanged;
    // A new account's comment with a link waits for a moderator (spam/submit.server.ts): an edit must not
    // add one behind the queue's back.
    const author = tx.select().from(users).where(eq(users.id, actorId)).get();
    const newcomer = Boolean(author && isNewcomer(author));
    if (newcomer && hasLink(text) && !hasLink(comment.content)) throw forbidden(NEWCOMER_LINK_EDIT);
    assertMayMention({ actorId, content: text });
    const now = new Date(options.now ?? Date.now());
    tx.insert(revisions)
      .values({
        commentId: id,
        editorId: actorId,
        content: comment.content,
        writtenAt: comment.editedAt ?? comment.createdAt,
        createdAt: now,
        diff: storedChange({ content: comment.content }, { content: text }),
      })
      .run();
    tx.update(comments).set({ content: text, editedAt: now }).where(eq(comments.id, id)).run();
    const held = author ? holdEdited(tx, author, { kind: "comment", id }, text, { label: text, field: "content" }) : null;
    if (held) return { id, postId: comment.postId, content: text, editedAt: now.toISOString(), held: toHeldView(held) };
    const post = tx.select({ title: posts.title }).from(posts).where(eq(posts.id, comment.postId)).get();
    const actor = tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, actorId)).get();
    if (post && actor) notifyMentions(tx, { commentId: id, postId: comment.postId, postTitle: post.title, actor, content: text });
    return { id, postId: comment.postId, content: text, editedAt: now.toISOString() };
  }));
}

export type EditedPost = { id: number; title: string; category: string; commentAuthor: string; editedAt: string | null; held?: HeldView };

/**
 * The author edits their post's title, category and quoted author within the edit window; an admin
 * edits any post's title and category at any time, logged in the moderation log when the post is
 * not theirs. `asAdmin` is the route's word that this session may use an admin's powers (the one
 * admin rule, second factor included: app/http/contract.server.ts); the role is read again here, in
 * the transaction. Input is already valid (PostEditSchema). An unchanged post is no edit.
 */
export function editPost(
  { id, actorId, asAdmin, changes }: { id: number; actorId: number; asAdmin: boolean; changes: PostEditInput },
  options: EditOptions = {},
): EditedPost {
  return logRuleRefusals(() => writeTransaction((tx): EditedPost => {
    const post = tx.select().from(posts).where(eq(posts.id, id)).get();
    if (!post) throw notFound(NOT_FOUND.post);
    const found = tx.select({ id: users.id, username: users.username, isAdmin: users.isAdmin }).from(users).where(eq(users.id, actorId)).get();
    if (!found) throw forbidden(EDIT_OWN_ONLY);
    const actor = { ...found, isAdmin: asAdmin && found.isAdmin };
    const own = post.userId === actorId;
    const moderating = !own && actor.isAdmin;
    if (!own && !moderating) throw forbidden(EDIT_OWN_ONLY);
    if (moderating && changes.commentAuthor !== undefined && changes.commentAuthor !== post.commentAuthor) {
      throw forbidden("Admins can change a post's title and category only.");
    }
    if (!actor.isAdmin && !withinEditWindow(post.createdAt, windowOf(options), options.now)) throw conflict(EDIT_WINDOW_CLOSED);
    const next = {
      title: changes.title ?? post.title,
      category: changes.category ?? post.category,
      commentAuthor: changes.commentAuthor ?? post.commentAuthor,
    };
    const current = { id, title: post.title, category: post.category, commentAuthor: post.commentAuthor, editedAt: post.editedAt?.toISOString() ?? null };
    if (next.title === post.title && next.category === post.category && next.commentAuthor === post.commentAuthor) return current;
    const now = new Date(options.now ?? Date.now());
    tx.insert(revisions)
      .values({
        postId: id,
        editorId: actorId,
        title: post.title,
        category: post.category,
        commentAuthor: post.commentAuthor,
        writtenAt: post.editedAt ?? post.createdAt,
        createdAt: now,
        diff: storedChange(post, next),
      })
      .run();
    tx.update(posts).set({ ...next, editedAt: now }).where(eq(posts.id, id)).run();
    // The author's new title is new text (a moderator's edit passes no rule: it is no author's).
    const author = own && next.title !== post.title ? tx.select().from(users).where(eq(users.id, actorId)).get() : undefined;
    const held = author
      ? holdEdited(tx, author, { kind: "post", id }, postText({ title: next.title, comment: post.comment }), { channel: post.videoChannel, label: next.title, field: "title" })
      : null;
    if (held) return { id, ...next, editedAt: now.toISOString(), held: toHeldView(held) };
    if (moderating) {
      const admin: Moderator = { id: actor.id, username: actor.username, role: "admin" };
      const what = [next.title !== post.title ? `title was “${post.title}”` : null, next.category !== post.category ? `category was ${post.category}` : null]
        .filter(Boolean)
        .join("; ");
      appendModerationLog(tx, { admin, action: "edit_post", target: { kind: "post", id, label: next.title }, reason: what || null });
    }
    return { id, ...next, editedAt: now.toISOString() };
  }));
}

export type PostForEditing = { id: number; title: string; category: string; commentAuthor: string; asModerator: boolean };

/**
 * The post as its edit form shows it, when `actorId` may edit it now (the same rules as editPost):
 * Problem forbidden or conflict otherwise.
 */
export function postForEditing({ id, actorId, asAdmin }: { id: number; actorId: number; asAdmin: boolean }, options: EditOptions = {}): PostForEditing {
  const db = getDb();
  const post = db.select().from(posts).where(eq(posts.id, id)).get();
  if (!post) throw notFound(NOT_FOUND.post);
  const found = db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, actorId)).get();
  const actor = found && { isAdmin: asAdmin && found.isAdmin };
  const own = post.userId === actorId;
  if (!own && !actor?.isAdmin) throw forbidden(EDIT_OWN_ONLY);
  if (!actor?.isAdmin && !withinEditWindow(post.createdAt, windowOf(options), options.now)) throw conflict(EDIT_WINDOW_CLOSED);
  return { id, title: post.title, category: post.category, commentAuthor: post.commentAuthor, asModerator: !own };
}

/** The ids among `posts` whose card offers 'Edit' to `viewer` (offersPostEdit), for a list's cards. */
export function editablePostIds(posts: { id: number; userId: number | null; createdAt: string }[], viewer: { id: number; isAdmin: boolean } | null): number[] {
  return viewer ? posts.flatMap((post) => (offersPostEdit(post, viewer) ? [post.id] : [])) : [];
}

/** Whether a page offers 'Edit' on a post to `viewer`: its author within the window, or an admin. */
export function offersPostEdit(post: { userId: number | null; createdAt: string }, viewer: { id: number; isAdmin: boolean } | null, options: EditOptions = {}): boolean {
  if (!viewer) return false;
  return viewer.isAdmin || (viewer.id === post.userId && editWindowOpen(post.createdAt, options));
}
