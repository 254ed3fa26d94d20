import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { posts } from "./post-schema.ts";

// The site's YouTube quota and the refresh job (docs/decisions/0196).

export const QUOTA_PURPOSES = ["share", "refresh"] as const;
export type QuotaPurpose = (typeof QUOTA_PURPOSES)[number];

// Units of the Data API's daily quota spent per UTC day ("2026-12-07") and purpose: "share" for
// members' lookups, "refresh" for the job. Written by the client before every upstream request, in
// the transaction that checks the guard, so every worker and every restart sees one count.
export const youtubeQuota = sqliteTable(
  "youtube_quota",
  {
    day: text("day").notNull(),
    purpose: text("purpose", { enum: QUOTA_PURPOSES }).notNull(),
    units: integer("units").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.purpose] })],
);

// The refresh job's claims (the mail queue's kind): a post being re-checked has a row here, taken in
// the transaction that picks the batch; the batch's results delete them in the transaction that
// writes the post. A claim older than the lease belongs to a process that died mid-batch: the post is
// due again, so the next batch takes it.
export const youtubeRefreshClaims = sqliteTable(
  "youtube_refresh_claims",
  {
    postId: integer("post_id")
      .primaryKey()
      .references(() => posts.id, { onDelete: "cascade" }),
    claimedAt: integer("claimed_at", { mode: "timestamp_ms" }).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [index("youtube_refresh_claims_claimed_idx").on(t.claimedAt)],
);
