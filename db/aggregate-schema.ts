import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Aggregates kept as data, so that no page regroups a large table to show them
// (docs/decisions/0084-sidebar-aggregates-as-data.md).

// The number of posts per category: a counter, changed by triggers on posts (migration
// 0015_category_counts_kept.sql) in the same transaction as the post inserted, deleted or moved to
// another category, cascades and bulk statements included. A category that lost its last post keeps
// its row at 0.
export const categoryCounts = sqliteTable("category_counts", {
  category: text("category").primaryKey(),
  postsCount: integer("posts_count").notNull().default(0),
});

// Results that no counter can keep (a ranking over a window that slides with the clock), made again by
// their query when older than their stated lag and shared by every process: `data` is the result as
// JSON, `made_at` (ms) when it was made. models/rollup.server.ts reads and writes them.
export const rollups = sqliteTable("rollups", {
  name: text("name").primaryKey(),
  data: text("data").notNull(),
  madeAt: integer("made_at").notNull(),
});
