import { and, eq, isNotNull } from "drizzle-orm";
import { comments, posts, reportCases, reports } from "#db/schema.ts";
import { TARGET_NOUN } from "~/rules/interactions/report.ts";
import { removeComment } from "../comment.server.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { writeTransaction, type DbOrTx } from "../db.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { assertMayModerate, itemOf, requireModerator, type Staff } from "./roles.server.ts";
import { notify } from "../notification.server.ts";
import { removePost } from "../post/delete.server.ts";
import { snippet } from "./report.server.ts";

// A moderator's removal of a member's post or comment, whatever path asks for it (the Posts tab, the
// review queue, "Remove last day and suspend"): one function, so no path can forget a part. It
// deletes the item by the author's own delete (`removePost`, `removeComment`), logs it with the
// reason, keeps it as a decided case (the one the queue decided, an open report's, or a new one), so
// the author's standing page lists it with its appeal, and tells the author why and how to appeal.
// An open report about the item is decided with it, its reporters told (decision 0211).

export type RemovalTarget = { kind: "post" | "comment"; id: number };

/** The author told, the case kept; null when the item is gone already. */
export type Removal = { authorId: number | null; caseId: number; label: string };

/**
 * Removes `target` as `moderator`, inside the caller's transaction, when it is in their reach (its
 * category theirs, its author of a lower rank: `assertMayModerate`, Problem(forbidden) otherwise). `caseId`: the case the caller
 * decides itself (the queue: it tells the reporters); without it, an open case about the item is
 * decided here as "removed" (its reporters told), or a decided case with no report is kept.
 */
export function moderatorRemoves(
  tx: DbOrTx,
  { moderator, target, reason, caseId, reports, now = new Date() }: { moderator: Staff; target: RemovalTarget; reason: string | null | undefined; caseId?: number; reports?: number; now?: Date },
): Removal | null {
  const item = itemOf(tx, target.kind === "post" ? { post: target.id } : { comment: target.id });
  assertMayModerate(tx, moderator, item);
  const removed = target.kind === "post" ? removeOnePost(tx, target.id) : removeOneComment(tx, target.id);
  if (!removed) return null;
  const given = reason?.trim() || null;
  const kase = caseId ?? decideCaseOf(tx, { target, authorId: removed.authorId, label: removed.label, category: item?.category ?? null, reason: given, now });
  // The item's category as it was (read before it went): the public log files the entry under it.
  appendModerationLog(tx, { admin: moderator, action: target.kind === "post" ? "delete_post" : "delete_comment", target: { ...target, label: removed.label }, reason: given, category: item?.category ?? null, reports });
  notify({ userId: removed.authorId, actorId: null, type: "content_removed", params: { noun: target.kind, label: removed.label, reason: given ?? "", caseId: kase } });
  return { ...removed, caseId: kase };
}

function removeOnePost(tx: DbOrTx, id: number) {
  if (!tx.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).get()) return null;
  const post = removePost(tx, id, "moderator");
  return { authorId: post.userId, label: post.title };
}

function removeOneComment(tx: DbOrTx, id: number) {
  const comment = tx.select({ id: comments.id, postId: comments.postId, parentId: comments.parentId, userId: comments.userId, content: comments.content, deletedAt: comments.deletedAt }).from(comments).where(eq(comments.id, id)).get();
  if (!comment || comment.deletedAt) return null;
  removeComment(tx, comment);
  return { authorId: comment.userId, label: snippet(comment.content) };
}

/** The open case about the item, decided now as removed (its reporters told), or a new decided case. */
function decideCaseOf(tx: DbOrTx, { target, authorId, label, category, reason, now }: { target: RemovalTarget; authorId: number | null; label: string; category: string | null; reason: string | null; now: Date }): number {
  const decided = { status: "resolved" as const, action: "remove" as const, resolutionReason: reason, resolvedAt: now, authorId };
  const open = tx
    .update(reportCases)
    .set(decided)
    .where(and(eq(reportCases.targetType, target.kind), eq(reportCases.targetId, target.id), eq(reportCases.status, "open")))
    .returning({ id: reportCases.id, targetType: reportCases.targetType })
    .get();
  if (open) {
    tellReporters(tx, open, "removed");
    return open.id;
  }
  return tx
    .insert(reportCases)
    .values({ targetType: target.kind, targetId: target.id, targetLabel: label, category, ...decided })
    .returning({ id: reportCases.id })
    .get().id;
}

/** Every reporter of a decided case hears its outcome: never who else reported, never who decided. */
export function tellReporters(tx: DbOrTx, kase: { id: number; targetType: keyof typeof TARGET_NOUN }, outcome: "removed" | "suspended" | "none"): void {
  const reporters = tx.selectDistinct({ id: reports.reporterId }).from(reports).where(and(eq(reports.caseId, kase.id), isNotNull(reports.reporterId))).all();
  for (const r of reporters) notify({ userId: r.id, actorId: null, type: "report_outcome", params: { outcome, noun: TARGET_NOUN[kase.targetType] } });
}

/**
 * A moderator restored a member's post or comment: the author is told, the notice leading to it. The
 * restore calls it in its transaction.
 * @public the moderators' restore calls it (knip: no caller here yet).
 */
export function tellRestored({ userId, noun, label, postId, commentId = null }: { userId: number | null; noun: RemovalTarget["kind"]; label: string; postId: number; commentId?: number | null }): boolean {
  return notify({ userId, actorId: null, type: "content_restored", params: { noun, label: noun === "comment" ? snippet(label) : label }, postId, commentId });
}

/** A moderator removes a post or comment in one transaction (the Posts tab, its JSON twin). Not found when it is gone. */
export function removeAsModerator({ actorId, target, reason }: { actorId: number; target: RemovalTarget; reason?: string | null }): Removal {
  return writeTransaction((tx) => {
    const removed = moderatorRemoves(tx, { moderator: requireModerator(tx, actorId), target, reason });
    if (!removed) throw notFound(NOT_FOUND[target.kind]);
    return removed;
  });
}
