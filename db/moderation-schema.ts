import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";
import { contentRules } from "./rule-schema.ts";

// Reports, their cases, suspensions and appeals (docs/decisions/0070; suspensions 0147, appeals 0151). A case outlives the item it is
// about (no foreign key to posts or comments: the item is gone once removed, the case and its label
// stay for the author's standing and the queue's history).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const REPORT_TARGETS = ["post", "comment", "user"] as const;
export const REPORT_REASONS = ["spam", "harassment", "off_topic", "illegal", "other"] as const;
export const CASE_STATUSES = ["open", "resolved"] as const;
export const CASE_ACTIONS = ["dismiss", "remove", "suspend"] as const;

// One open case per reported item (a decided case stays as it was decided; a later report opens a new
// one: docs/decisions/0070). `report_count` counts its reports rows, changed in the same transaction.
export const reportCases = sqliteTable(
  "report_cases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    targetType: text("target_type", { enum: REPORT_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    // The item's author when reported (null once their account is gone).
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    // A snapshot: the post's title, the comment's first words, the member's name.
    targetLabel: text("target_label").notNull(),
    // The category of the reported post (a comment's post): who may decide it and its appeal. Null
    // for a member, and for cases opened before it was kept whose item was gone by then.
    category: text("category"),
    status: text("status", { enum: CASE_STATUSES }).notNull().default("open"),
    reportCount: integer("report_count").notNull().default(0),
    action: text("action", { enum: CASE_ACTIONS }),
    // The reason the author reads.
    resolutionReason: text("resolution_reason"),
    // The admin's rule that flagged it (a case may have no reports then); null once the rule is deleted.
    ruleId: integer("rule_id").references(() => contentRules.id, { onDelete: "set null" }),
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("report_cases_open_target_idx").on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index("report_cases_queue_idx").on(t.status, t.reportCount),
    index("report_cases_author_idx").on(t.authorId),
    index("report_cases_rule_idx").on(t.ruleId),
    index("report_cases_category_idx").on(t.category, t.status),
  ],
);

// One report per member per case; a reporter's deleted account keeps the report (reporter set null),
// so the case's counter still equals its rows.
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    caseId: integer("case_id")
      .notNull()
      .references(() => reportCases.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("reports_case_reporter_idx").on(t.caseId, t.reporterId), index("reports_reporter_idx").on(t.reporterId)],
);

// A suspension: active while not lifted and (no end, or its end is later than now).
export const suspensions = sqliteTable(
  "suspensions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    until: integer("until", { mode: "timestamp_ms" }),
    liftedAt: integer("lifted_at", { mode: "timestamp_ms" }),
    // When the maintenance job logged that its end date came (a lift is logged by the lift itself).
    endLoggedAt: integer("end_logged_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("suspensions_user_idx").on(t.userId, t.liftedAt),
    index("suspensions_end_due_idx").on(t.until).where(sql`${t.until} IS NOT NULL AND ${t.liftedAt} IS NULL AND ${t.endLoggedAt} IS NULL`),
  ],
);

export const APPEAL_SUBJECTS = ["case", "suspension"] as const;
export const APPEAL_STATUSES = ["open", "upheld", "granted"] as const;

// One appeal per decision (a removal's case or a suspension).
export const appeals = sqliteTable(
  "appeals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subjectType: text("subject_type", { enum: APPEAL_SUBJECTS }).notNull(),
    subjectId: integer("subject_id").notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: APPEAL_STATUSES }).notNull().default("open"),
    decidedAt: integer("decided_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("appeals_subject_idx").on(t.subjectType, t.subjectId), index("appeals_status_idx").on(t.status), index("appeals_user_idx").on(t.userId)],
);

export type ReportCaseRow = typeof reportCases.$inferSelect;
export type SuspensionRow = typeof suspensions.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;
