import { and, eq, gte, inArray, isNull, or } from "drizzle-orm";
import { comments, heldItems, posts, reportCases, users } from "#db/schema.ts";
import { removeComment } from "../comment.server.ts";
import { writeTransaction } from "../db.server.ts";
import { appendModerationLog, requireModerator } from "../moderation-log.server.ts";
import { heldCategory } from "./held.server.ts";
import { tellReporters } from "../moderation/queue.server.ts";
import { suspendInTx } from "../moderation/suspension.server.ts";
import { removePost } from "../post/delete.server.ts";

// A moderator's one action against a spammer (docs/product.md §11 "Spam"): everything the member
// posted in the last day (posts, comments, items waiting) goes, and the member is suspended, in one
// transaction; every removed item is one entry of the moderation log, the suspension another. Open
// cases about what went (or about the member) are closed as 'removed and suspended', and their
// reporters told so, as the queue's own decision tells them.

const DAY_MS = 86_400_000;

export type SweepResult = { username: string; posts: number; comments: number; held: number };

export function sweepMember({
  actorId,
  userId,
  reason,
  until = null,
  now = new Date(),
}: {
  actorId: number;
  userId: number;
  reason: string;
  until?: Date | null;
  now?: Date;
}): SweepResult {
  return writeTransaction((tx) => {
    const moderator = requireModerator(tx, actorId);
    // First: an admin, oneself or an unknown member is refused before anything is removed.
    suspendInTx(tx, { moderator, userId, reason, until, now });
    const since = new Date(now.getTime() - DAY_MS);

    // Comments first (a post's removal takes its comments with it, unlogged).
    const doomedComments = tx
      .select({ id: comments.id, postId: comments.postId, parentId: comments.parentId, content: comments.content })
      .from(comments)
      .where(and(eq(comments.userId, userId), gte(comments.createdAt, since), isNull(comments.deletedAt)))
      .all();
    for (const c of doomedComments) {
      // An earlier removal in this loop may have taken it (a reply under a removed comment).
      if (!tx.select({ id: comments.id }).from(comments).where(eq(comments.id, c.id)).get()) continue;
      appendModerationLog(tx, { admin: moderator, action: "delete_comment", target: { kind: "comment", id: c.id, label: c.content.slice(0, 80) }, reason });
      removeComment(tx, c);
    }
    const doomedPosts = tx.select({ id: posts.id }).from(posts).where(and(eq(posts.userId, userId), gte(posts.createdAt, since))).all();
    for (const p of doomedPosts) removePost(tx, p.id, { moderator, reason });

    const held = tx.select({ id: heldItems.id, kind: heldItems.kind, content: heldItems.content, postId: heldItems.postId, payload: heldItems.payload }).from(heldItems).where(eq(heldItems.userId, userId)).all();
    for (const h of held) {
      tx.delete(heldItems).where(eq(heldItems.id, h.id)).run();
      appendModerationLog(tx, { admin: moderator, action: "reject_held", target: { kind: h.kind, id: h.id, label: h.content.slice(0, 80) }, reason, category: heldCategory(tx, h) });
    }

    const about = [
      and(eq(reportCases.targetType, "user"), eq(reportCases.targetId, userId)),
      doomedPosts.length ? and(eq(reportCases.targetType, "post"), inArray(reportCases.targetId, doomedPosts.map((p) => p.id))) : undefined,
      doomedComments.length ? and(eq(reportCases.targetType, "comment"), inArray(reportCases.targetId, doomedComments.map((c) => c.id))) : undefined,
    ].filter(Boolean);
    const closed = tx
      .update(reportCases)
      .set({ status: "resolved", action: "suspend", resolutionReason: reason, resolvedAt: now })
      .where(and(eq(reportCases.status, "open"), or(...about)))
      .returning({ id: reportCases.id, targetType: reportCases.targetType })
      .all();
    // As the queue says it: a removed post or comment, a suspended member.
    for (const kase of closed) tellReporters(tx, kase, kase.targetType === "user" ? "suspended" : "removed");

    const username = tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).get()?.username ?? "";
    return { username, posts: doomedPosts.length, comments: doomedComments.length, held: held.length };
  });
}
