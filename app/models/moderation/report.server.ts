import { and, eq, isNull, sql } from "drizzle-orm";
import { comments, posts, reportCases, reports, users } from "#db/schema.ts";
import { conflict, invalid, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { REPORT_ALREADY, REPORT_OWN_ITEM, type ReportTargetType, type ReportView } from "~/rules/interactions/report.ts";
import type { ReportInput } from "~/rules/schemas/moderation.ts";
import { refuseDemoAccountsById } from "../account/demo.server.ts";
import { writeTransaction, type DbOrTx } from "../db.server.ts";
import { itemOf } from "./roles.server.ts";

// Members flag a post, a comment or a member. Every report joins the open case of its item; the
// case's report_count changes in the same BEGIN IMMEDIATE transaction as the report row.

export type ReportedItem = {
  targetType: ReportTargetType;
  targetId: number;
  authorId: number | null;
  label: string;
  /** The item as its author sees it: a post's title, link and text, a comment's words, a profile. */
  body: { title?: string; text: string; href: string | null };
};

/** A text in one line of at most `max` characters: a case's, a log entry's and a removal notice's label. */
export function snippet(text: string, max = 80) {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
}

/** The category a case is decided in: a post's, a comment's post's, none for a member. */
function reportedCategory(tx: DbOrTx, input: Pick<ReportInput, "targetType" | "targetId">): string | null {
  if (input.targetType === "user") return null;
  return itemOf(tx, input.targetType === "post" ? { post: input.targetId } : { comment: input.targetId })?.category ?? null;
}

/** The live item a report names, or null when it is gone (a deleted comment is gone). */
export function findReportedItem(tx: DbOrTx, targetType: ReportTargetType, targetId: number): ReportedItem | null {
  if (targetType === "post") {
    const post = tx.select({ userId: posts.userId, title: posts.title, content: posts.content, comment: posts.comment }).from(posts).where(eq(posts.id, targetId)).get();
    if (!post) return null;
    const text = [post.comment, post.content].filter(Boolean).join("\n\n");
    return { targetType, targetId, authorId: post.userId, label: post.title, body: { title: post.title, text, href: `/post/${targetId}` } };
  }
  if (targetType === "comment") {
    const comment = tx
      .select({ userId: comments.userId, content: comments.content, postId: comments.postId })
      .from(comments)
      .where(and(eq(comments.id, targetId), isNull(comments.deletedAt)))
      .get();
    if (!comment) return null;
    return { targetType, targetId, authorId: comment.userId, label: snippet(comment.content), body: { text: comment.content, href: `/post/${comment.postId}#comment-${targetId}` } };
  }
  const user = tx.select({ username: users.username, displayName: users.displayName, bio: users.bio }).from(users).where(eq(users.id, targetId)).get();
  if (!user) return null;
  const text = [user.displayName, user.bio].filter(Boolean).join("\n\n");
  return { targetType, targetId, authorId: targetId, label: user.username, body: { title: user.username, text, href: `/profile/${targetId}` } };
}

/**
 * `reporterId` reports an item: 403 for the demo's accounts, 404 when it is gone, 400 for their own, 409 when they already
 * reported it in its open case. The report joins the item's open case, or opens a new one: a
 * decided case (dismissed, removed, suspended) is never reopened, so its decision and reason stay in
 * the history (docs/decisions/0070).
 */
export function fileReport({ reporterId, input }: { reporterId: number; input: ReportInput }): ReportView {
  return writeTransaction((tx) => {
    // The shared demo account is anyone's: a report from it would be nobody's to answer for.
    refuseDemoAccountsById(tx, reporterId);
    const item = findReportedItem(tx, input.targetType, input.targetId);
    if (!item) throw notFound(NOT_FOUND[input.targetType]);
    if (item.authorId === reporterId) throw invalid(REPORT_OWN_ITEM);
    const kase =
      tx
        .select({ id: reportCases.id })
        .from(reportCases)
        .where(and(eq(reportCases.targetType, input.targetType), eq(reportCases.targetId, input.targetId), eq(reportCases.status, "open")))
        .get() ??
      tx
        .insert(reportCases)
        .values({ targetType: input.targetType, targetId: input.targetId, authorId: item.authorId, targetLabel: item.label, category: reportedCategory(tx, input) })
        .returning({ id: reportCases.id })
        .get();
    const already = tx.select({ id: reports.id }).from(reports).where(and(eq(reports.caseId, kase.id), eq(reports.reporterId, reporterId))).get();
    if (already) throw conflict(REPORT_ALREADY);
    const row = tx.insert(reports).values({ caseId: kase.id, reporterId, reason: input.reason, note: input.note }).returning().get();
    tx.update(reportCases)
      .set({ reportCount: sql`${reportCases.reportCount} + 1` })
      .where(eq(reportCases.id, kase.id))
      .run();
    return {
      id: row.id,
      caseId: kase.id,
      targetType: input.targetType,
      targetId: input.targetId,
      reason: row.reason,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    };
  });
}
