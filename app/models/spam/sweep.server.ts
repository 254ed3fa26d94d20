import { and, eq, gte, inArray, isNull, or } from "drizzle-orm";
import { comments, heldItems, posts, reportCases, users } from "#db/schema.ts";
import { writeTransaction } from "../db.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { assertInReach, requireModerator } from "../moderation/roles.server.ts";
import { moderatorRemoves, tellReporters } from "../moderation/moderator-removal.server.ts";
import { heldCategory } from "./held.server.ts";
import { suspendInTx } from "../moderation/suspension.server.ts";

// A moderator's one action against a spammer (docs/product.md §11 "Spam"): everything the member
// posted in the last day (posts, comments, items waiting) goes, and the member is suspended, in one
// transaction; every removed item is one entry of the moderation log (its author told), the suspension another. Open
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
    // Everything of the last day, in every category: a site-wide moderator's (or an admin's).
    assertInReach(moderator, null);
    // First: an admin, oneself or an unknown member is refused before anything is removed.
    suspendInTx(tx, { moderator, userId, reason, until, now });
    const since = new Date(now.getTime() - DAY_MS);

    // Open cases about the member, or about what goes, are closed first as 'removed and suspended',
    // each removal then keeping its item's case (so no reporter is told twice).
    const doomedComments = tx
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.userId, userId), gte(comments.createdAt, since), isNull(comments.deletedAt)))
      .all();
    const doomedPosts = tx.select({ id: posts.id }).from(posts).where(and(eq(posts.userId, userId), gte(posts.createdAt, since))).all();
    const about = [
      and(eq(reportCases.targetType, "user"), eq(reportCases.targetId, userId)),
      doomedPosts.length ? and(eq(reportCases.targetType, "post"), inArray(reportCases.targetId, doomedPosts.map((p) => p.id))) : undefined,
      doomedComments.length ? and(eq(reportCases.targetType, "comment"), inArray(reportCases.targetId, doomedComments.map((c) => c.id))) : undefined,
    ].filter(Boolean);
    const closed = tx
      .update(reportCases)
      .set({ status: "resolved", action: "suspend", resolutionReason: reason, resolvedAt: now })
      .where(and(eq(reportCases.status, "open"), or(...about)))
      .returning({ id: reportCases.id, targetType: reportCases.targetType, targetId: reportCases.targetId })
      .all();
    // As the queue says it: a removed post or comment, a suspended member.
    for (const kase of closed) tellReporters(tx, kase, kase.targetType === "user" ? "suspended" : "removed");
    const caseOf = new Map(closed.map((c) => [`${c.targetType}-${c.targetId}`, c.id]));

    // Comments first (a post's removal takes its comments with it, unlogged); each removal logged and
    // its author told, as every moderator's removal is (moderatorRemoves).
    for (const c of doomedComments) {
      // An earlier removal in this loop may have taken it (a reply under a removed comment): then it does nothing.
      moderatorRemoves(tx, { moderator, target: { kind: "comment", id: c.id }, reason, caseId: caseOf.get(`comment-${c.id}`), now });
    }
    for (const p of doomedPosts) moderatorRemoves(tx, { moderator, target: { kind: "post", id: p.id }, reason, caseId: caseOf.get(`post-${p.id}`), now });

    const held = tx.select({ id: heldItems.id, kind: heldItems.kind, content: heldItems.content, postId: heldItems.postId, payload: heldItems.payload }).from(heldItems).where(eq(heldItems.userId, userId)).all();
    for (const h of held) {
      tx.delete(heldItems).where(eq(heldItems.id, h.id)).run();
      appendModerationLog(tx, { admin: moderator, action: "reject_held", target: { kind: h.kind, id: h.id, label: h.content.slice(0, 80) }, reason, category: heldCategory(tx, h) });
    }

    const username = tx.select({ username: users.username }).from(users).where(eq(users.id, userId)).get()?.username ?? "";
    return { username, posts: doomedPosts.length, comments: doomedComments.length, held: held.length };
  });
}
