import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";
import { comments, posts } from "./post-schema.ts";

// Edit history (docs/decisions/0068): one row per edit, keeping the version the edit replaced. A
// post's row holds its title, category and quoted author; a comment's row its text. The current
// version lives in posts / comments themselves, so the history is these rows plus the live one.
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const revisions = sqliteTable(
  "revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    // Who made the edit that replaced this version (the author, or an admin for a post).
    editorId: integer("editor_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title"),
    category: text("category"),
    commentAuthor: text("comment_author"),
    content: text("content"),
    // When this version was written (the post's or comment's creation, or the edit before).
    writtenAt: integer("written_at", { mode: "timestamp_ms" }).notNull(),
    // An admin removed this version's text (doxxing …): its fields read 'Removed by a moderator'.
    redactedAt: integer("redacted_at", { mode: "timestamp_ms" }),
    // When it was replaced: the time of the edit.
    createdAt: createdAt(),
    // What the edit that replaced this version changed, made once when the edit is written
    // (docs/decisions/0068): per field, the lengths of the kept, removed and added runs of text
    // ("=12-5+7"), read against this version's text and the next one's. '{}' when there is nothing
    // to show (a redacted side); NULL for rows written before 0018, filled on their first read.
    diff: text("diff"),
  },
  (t) => [
    index("revisions_post_idx").on(t.postId, t.id).where(sql`${t.postId} IS NOT NULL`),
    index("revisions_comment_idx").on(t.commentId, t.id).where(sql`${t.commentId} IS NOT NULL`),
    check("revisions_one_target", sql`(${t.postId} IS NULL) <> (${t.commentId} IS NULL)`),
  ],
);

export type RevisionRow = typeof revisions.$inferSelect;
