import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { reportCases, reports, users } from "#db/schema.ts";
import { conflict, invalid, notFound } from "~/lib/problem.ts";
import { CASE_ALREADY_RESOLVED, CASE_NOT_FOUND, type CaseAction, type ReportReason, type ReportTargetType } from "~/rules/interactions/report.ts";
import { AUTHOR_GONE, MEMBER_NOT_REMOVABLE } from "~/rules/moderation-rules.ts";
import { writeTransaction } from "../db.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { assertMayModerate, reachWhere, requireModerator, type Staff } from "./roles.server.ts";
import { moderatorRemoves, tellReporters } from "./moderator-removal.server.ts";
import { findReportedItem, type ReportedItem } from "./report.server.ts";
import { suspendInTx, suspensionRecords } from "./suspension.server.ts";

// The review queue: one case per reported item, open cases first and most reported first. Each
// decision (dismiss, remove, remove and suspend) carries the reason its author reads; it is logged,
// the author is told why and every reporter is told the outcome, in one transaction.

const QUEUE_LIMIT = 100;

export type CaseSummary = {
  id: number;
  targetType: ReportTargetType;
  targetId: number;
  targetLabel: string;
  authorId: number | null;
  status: "open" | "resolved";
  reportCount: number;
  /** The admin's rule that flagged it, if one did. */
  ruleId: number | null;
  reasons: Partial<Record<ReportReason, number>>;
  action: CaseAction | null;
  resolutionReason: string | null;
  createdAt: string;
  resolvedAt: string | null;
};

type CaseReport = { reason: ReportReason; note: string | null; createdAt: string };
type AuthorHistory = {
  id: number;
  username: string;
  removals: { caseId: number; targetType: ReportTargetType; label: string; reason: string | null; resolvedAt: string | null }[];
  suspensions: { id: number; reason: string; until: string | null; liftedAt: string | null; createdAt: string }[];
};
export type CaseDetail = CaseSummary & { reports: CaseReport[]; item: ReportedItem | null; author: AuthorHistory | null };

type CaseRow = typeof reportCases.$inferSelect;

function reasonsOf(caseIds: number[]) {
  const map = new Map<number, Partial<Record<ReportReason, number>>>();
  if (caseIds.length === 0) return map;
  const rows = getDb()
    .select({ caseId: reports.caseId, reason: reports.reason, n: sql<number>`count(*)` })
    .from(reports)
    .where(inArray(reports.caseId, caseIds))
    .groupBy(reports.caseId, reports.reason)
    .all();
  for (const r of rows) map.set(r.caseId, { ...map.get(r.caseId), [r.reason]: r.n });
  return map;
}

function toSummary(row: CaseRow, reasons: Partial<Record<ReportReason, number>> = {}): CaseSummary {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    authorId: row.authorId,
    status: row.status,
    reportCount: row.reportCount,
    ruleId: row.ruleId,
    reasons,
    action: row.action,
    resolutionReason: row.resolutionReason,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Open cases most reported first (then oldest first), or resolved ones newest first. */
export function listCases({ status = "open", reach }: { status?: "open" | "resolved"; reach?: Staff } = {}): CaseSummary[] {
  const order = status === "open" ? [desc(reportCases.reportCount), asc(reportCases.id)] : [desc(reportCases.resolvedAt), desc(reportCases.id)];
  const rows = getDb().select().from(reportCases).where(and(eq(reportCases.status, status), reachWhere(reach, reportCases.category))).orderBy(...order).limit(QUEUE_LIMIT).all();
  const reasons = reasonsOf(rows.map((r) => r.id));
  return rows.map((r) => toSummary(r, reasons.get(r.id)));
}

/** A member's record as moderators and the member see it: removals and suspensions. */
function authorHistory(userId: number): AuthorHistory | null {
  const db = getDb();
  const user = db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const removals = db
    .select()
    .from(reportCases)
    .where(and(eq(reportCases.authorId, userId), inArray(reportCases.action, ["remove", "suspend"]), isNotNull(reportCases.resolvedAt)))
    .orderBy(desc(reportCases.resolvedAt))
    .all()
    .map((c) => ({ caseId: c.id, targetType: c.targetType, label: c.targetLabel, reason: c.resolutionReason, resolvedAt: c.resolvedAt?.toISOString() ?? null }));
  const held = suspensionRecords(userId).map(({ active: _active, ...s }) => s);
  return { ...user, removals, suspensions: held };
}

/** The queue page: each case with its reports (reasons and notes), the live item and its author's history. */
export function listCaseDetails({ status = "open", reach }: { status?: "open" | "resolved"; reach?: Staff } = {}): CaseDetail[] {
  const summaries = listCases({ status, reach });
  if (summaries.length === 0) return [];
  const db = getDb();
  const rows = db
    .select({ caseId: reports.caseId, reason: reports.reason, note: reports.note, createdAt: reports.createdAt })
    .from(reports)
    .where(inArray(reports.caseId, summaries.map((s) => s.id)))
    .orderBy(asc(reports.id))
    .all();
  return summaries.map((s) => ({
    ...s,
    reports: rows.filter((r) => r.caseId === s.id).map((r) => ({ reason: r.reason, note: r.note, createdAt: r.createdAt.toISOString() })),
    item: s.status === "open" ? findReportedItem(db, s.targetType, s.targetId) : null,
    author: s.authorId ? authorHistory(s.authorId) : null,
  }));
}

/**
 * An admin decides a case. `remove` deletes the post or comment; `suspend` also suspends its author
 * (or the reported member) until `until` (null: no end). Logged with the reason, the author told
 * why, every reporter told the outcome (never who else reported, never who decided).
 */
export function resolveCase({
  actorId,
  caseId,
  action,
  reason,
  until = null,
  now = new Date(),
}: {
  actorId: number;
  caseId: number;
  action: CaseAction;
  reason: string;
  until?: Date | null;
  now?: Date;
}): CaseSummary {
  return writeTransaction((tx) => {
    const moderator = requireModerator(tx, actorId);
    const kase = tx.select().from(reportCases).where(eq(reportCases.id, caseId)).get();
    if (!kase) throw notFound(CASE_NOT_FOUND);
    if (kase.status === "resolved") throw conflict(CASE_ALREADY_RESOLVED);
    const item = findReportedItem(tx, kase.targetType, kase.targetId);
    const authorId = item?.authorId ?? kase.authorId;
    // A reported member's case is nobody's category: site-wide only.
    assertMayModerate(tx, moderator, { category: kase.targetType === "user" ? null : kase.category, authorId });
    let outcome: "removed" | "suspended" | "none" = "none";
    if (action === "remove" && kase.targetType === "user") throw invalid(MEMBER_NOT_REMOVABLE, "action");
    if (action === "suspend") {
      if (authorId === null) throw invalid(AUTHOR_GONE, "action");
      suspendInTx(tx, { moderator, userId: authorId, reason, until, now });
      outcome = "suspended";
    }
    if (action !== "dismiss" && kase.targetType !== "user") {
      if (item) moderatorRemoves(tx, { moderator, target: { kind: kase.targetType, id: kase.targetId }, reason, caseId: kase.id, reports: kase.reportCount, now });
      outcome = "removed";
    }
    if (action === "dismiss") {
      appendModerationLog(tx, { admin: moderator, action: "dismiss_report", target: { kind: kase.targetType, id: kase.targetId, label: kase.targetLabel }, reason, reports: kase.reportCount });
    }
    const resolved = tx
      .update(reportCases)
      .set({ status: "resolved", action, resolutionReason: reason, resolvedAt: now, authorId })
      .where(eq(reportCases.id, caseId))
      .returning()
      .get();
    tellReporters(tx, kase, outcome);
    return toSummary(resolved);
  });
}
