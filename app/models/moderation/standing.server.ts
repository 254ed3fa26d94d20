import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { appeals, reportCases, suspensions, users } from "#db/schema.ts";
import { conflict, notFound } from "~/lib/problem.ts";
import { APPEAL_ALREADY, APPEAL_DECIDED, APPEAL_NOT_FOUND, formatUntil, suspensionMessage } from "~/rules/moderation-rules.ts";
import type { ReportTargetType } from "~/rules/interactions/report.ts";
import { writeTransaction } from "../db.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { assertInReach, reachWhere, requireModerator, type Staff } from "./roles.server.ts";
import { notify } from "../notification.server.ts";
import { suspensionRecords } from "./suspension.server.ts";

// A member's standing: what was removed and why, their suspensions, and one appeal for each. Only
// the member (and the moderators, in the queue) ever see it.

type AppealState = { id: number; status: "open" | "upheld" | "granted"; text: string; createdAt: string } | null;
type StandingRemoval = { caseId: number; targetType: ReportTargetType; label: string; reason: string | null; resolvedAt: string | null; appeal: AppealState };
type StandingSuspension = { id: number; reason: string; until: string | null; liftedAt: string | null; createdAt: string; active: boolean; message: string; appeal: AppealState };
export type Standing = { removals: StandingRemoval[]; suspensions: StandingSuspension[] };

function appealsOf(userId: number) {
  const rows = getDb().select().from(appeals).where(eq(appeals.userId, userId)).all();
  const map = new Map<string, AppealState>();
  for (const a of rows) map.set(`${a.subjectType}-${a.subjectId}`, { id: a.id, status: a.status, text: a.text, createdAt: a.createdAt.toISOString() });
  return map;
}

/** The member's removed items and suspensions, newest first, each with its appeal if any. */
export function memberStanding(userId: number, now = new Date()): Standing {
  const db = getDb();
  const appealMap = appealsOf(userId);
  const removals = db
    .select()
    .from(reportCases)
    .where(and(eq(reportCases.authorId, userId), eq(reportCases.status, "resolved"), inArray(reportCases.action, ["remove", "suspend"])))
    .orderBy(desc(reportCases.resolvedAt))
    .all()
    .filter((c) => c.targetType !== "user")
    .map((c) => ({
      caseId: c.id,
      targetType: c.targetType,
      label: c.targetLabel,
      reason: c.resolutionReason,
      resolvedAt: c.resolvedAt?.toISOString() ?? null,
      appeal: appealMap.get(`case-${c.id}`) ?? null,
    }));
  const held = suspensionRecords(userId).map(({ active, ...s }) => ({
    ...s,
    active: active(now),
    message: suspensionMessage({ until: s.until, reason: s.reason }),
    appeal: appealMap.get(`suspension-${s.id}`) ?? null,
  }));
  return { removals, suspensions: held };
}

/** The member appeals one of their own decisions, once. */
export function fileAppeal({ userId, subjectType, subjectId, text }: { userId: number; subjectType: "case" | "suspension"; subjectId: number; text: string }) {
  return writeTransaction((tx) => {
    const owned =
      subjectType === "case"
        ? tx
            .select({ id: reportCases.id })
            .from(reportCases)
            .where(and(eq(reportCases.id, subjectId), eq(reportCases.authorId, userId), inArray(reportCases.action, ["remove", "suspend"])))
            .get()
        : tx.select({ id: suspensions.id }).from(suspensions).where(and(eq(suspensions.id, subjectId), eq(suspensions.userId, userId))).get();
    if (!owned) throw notFound(APPEAL_NOT_FOUND);
    const already = tx.select({ id: appeals.id }).from(appeals).where(and(eq(appeals.subjectType, subjectType), eq(appeals.subjectId, subjectId))).get();
    if (already) throw conflict(APPEAL_ALREADY);
    const row = tx.insert(appeals).values({ userId, subjectType, subjectId, text }).returning().get();
    return { id: row.id, subjectType, subjectId, status: row.status };
  });
}

export type OpenAppeal = { id: number; userId: number; username: string; subjectType: "case" | "suspension"; subjectId: number; text: string; decision: string; decisionReason: string | null; createdAt: string };

/** Open appeals for the queue, oldest first, each with the decision it contests. */
export function listOpenAppeals(reach?: Staff): OpenAppeal[] {
  const db = getDb();
  // A removal's appeal is of its case's category; a suspension's is of none (site-wide only).
  const category = sql`(SELECT ${reportCases.category} FROM ${reportCases} WHERE ${appeals.subjectType} = 'case' AND ${reportCases.id} = ${appeals.subjectId})`;
  const rows = db
    .select({ a: appeals, username: users.username })
    .from(appeals)
    .innerJoin(users, eq(users.id, appeals.userId))
    .where(and(eq(appeals.status, "open"), reachWhere(reach, category)))
    .orderBy(asc(appeals.id))
    .all();
  return rows.map(({ a, username }) => {
    let decision = "";
    let decisionReason: string | null = null;
    if (a.subjectType === "case") {
      const c = db.select().from(reportCases).where(eq(reportCases.id, a.subjectId)).get();
      decision = c ? `Removed ${c.targetType} "${c.targetLabel}"` : "A removal";
      decisionReason = c?.resolutionReason ?? null;
    } else {
      const s = db.select().from(suspensions).where(eq(suspensions.id, a.subjectId)).get();
      decision = s ? (s.until ? `Suspended until ${formatUntil(s.until)}` : "Suspended with no end") : "A suspension";
      decisionReason = s?.reason ?? null;
    }
    return { id: a.id, userId: a.userId, username, subjectType: a.subjectType, subjectId: a.subjectId, text: a.text, decision, decisionReason, createdAt: a.createdAt.toISOString() };
  });
}

/**
 * An admin decides an appeal. Granting a suspension's appeal lifts it; a removal's item stays
 * removed (it is deleted), but the member is told and their standing shows the appeal granted.
 */
export function decideAppeal({ actorId, appealId, decision, reason, now = new Date() }: { actorId: number; appealId: number; decision: "upheld" | "granted"; reason: string; now?: Date }) {
  return writeTransaction((tx) => {
    const moderator = requireModerator(tx, actorId);
    const appeal = tx.select().from(appeals).where(eq(appeals.id, appealId)).get();
    if (!appeal) throw notFound(APPEAL_NOT_FOUND);
    if (appeal.status !== "open") throw conflict(APPEAL_DECIDED);
    const contested = appeal.subjectType === "case" ? tx.select({ category: reportCases.category }).from(reportCases).where(eq(reportCases.id, appeal.subjectId)).get() : null;
    assertInReach(moderator, contested?.category ?? null);
    const member = tx.select({ username: users.username }).from(users).where(eq(users.id, appeal.userId)).get();
    if (decision === "granted" && appeal.subjectType === "suspension") {
      const lifted = tx.update(suspensions).set({ liftedAt: now }).where(and(eq(suspensions.id, appeal.subjectId), isNull(suspensions.liftedAt))).returning({ id: suspensions.id }).all();
      // The suspension's end, as a lift from the Users tab is: the public log files it so.
      if (lifted.length > 0) {
        appendModerationLog(tx, { admin: moderator, action: "lift_suspension", target: { kind: "user", id: appeal.userId, label: member?.username ?? `#${appeal.userId}` }, reason: `Appeal granted: ${reason}` });
      }
    }
    tx.update(appeals).set({ status: decision, decidedAt: now }).where(eq(appeals.id, appealId)).run();
    appendModerationLog(tx, {
      admin: moderator,
      action: "decide_appeal",
      target: { kind: "user", id: appeal.userId, label: member?.username ?? `#${appeal.userId}` },
      reason: `${decision === "granted" ? "Granted" : "Upheld"} (${appeal.subjectType} #${appeal.subjectId}): ${reason}`,
    });
    notify({ userId: appeal.userId, actorId: null, type: "appeal_outcome", params: { decision, reason } });
    return { id: appealId, status: decision };
  });
}
