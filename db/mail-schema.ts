import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";

// E-mail (docs/decisions/0131, 0132): what each member opted into, how far their notices were mailed,
// and the queue the one sender empties.

/** What a member may opt into: the notices mailed soon after they happen, and the weekly digest. */
export const EMAIL_KINDS = [
  "reply_to_comment",
  "comment_on_post",
  "mention",
  "thread_activity",
  "new_follower",
  "content_removed",
  "content_restored",
  "report_outcome",
  "appeal_outcome",
  "role_changed",
  "weekly_digest",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

const now = () => sql`(cast(unixepoch('subsec') * 1000 as integer))`;

// One row per kind a member opted into; no row: no mail of that kind (opt-in).
export const emailPreferences = sqliteTable(
  "email_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now()),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

// Per member: the last notification id already considered for mail (notices older than the opt-in are
// never mailed), and when the last digest was considered.
export const emailCursors = sqliteTable("email_cursors", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  noticesThrough: integer("notices_through").notNull().default(0),
  digestAt: integer("digest_at", { mode: "timestamp_ms" }),
});

export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;

// The outbox. A row is written in the transaction that moves the member's cursor, so a mail is queued
// exactly once (dedupe_key is unique too); the sender claims rows in a transaction (status
// 'sending', claimed_at), sends, and marks them 'sent'. A claim older than the lease (a process that
// died while sending) is claimed again, with the same Message-ID.
export const mailQueue = sqliteTable(
  "mail_queue",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").notNull().unique(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    unsubscribeUrl: text("unsubscribe_url").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull().default(now()),
  },
  (t) => [index("mail_queue_status_idx").on(t.status, t.id), index("mail_queue_user_idx").on(t.userId)],
);
