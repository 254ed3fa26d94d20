import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";
import { posts } from "./post-schema.ts";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

// Mutes (docs/decisions/0125): what a member never wants to see in a list. `value` is the key a
// repeat is found by: a word or phrase folded (db/words.ts: the one fold; words joined by one space),
// a category's name, or a member's id as text (with `member_id` for the join and the cascade).
export const mutes = sqliteTable(
  "mutes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["word", "member", "category"] }).notNull(),
    value: text("value").notNull(),
    memberId: integer("member_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mutes_user_kind_value_idx").on(t.userId, t.kind, t.value), index("mutes_member_idx").on(t.memberId)],
);

// A post a member hid from their lists ('Hide' on a card; undone from the toast or the Hidden tab).
export const hiddenPosts = sqliteTable(
  "hidden_posts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index("hidden_posts_post_idx").on(t.postId)],
);

// The posts whose page a member opened ('Hide what I've read' leaves them out of the lists).
export const postReads = sqliteTable(
  "post_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index("post_reads_post_idx").on(t.postId)],
);

// The member's list settings: one row once they changed one.
export const listSettings = sqliteTable("list_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hideRead: integer("hide_read", { mode: "boolean" }).notNull().default(false),
});

// A post's title, comment, comment author and video title folded into words (db/words.ts), the
// fields apart: what a muting viewer's list tests each row it reads against (holds_muted_word,
// decision 0160). Kept by the posts' search triggers (migration 0025); gone with its post.
export const postWords = sqliteTable("post_words", {
  postId: integer("post_id")
    .primaryKey()
    .references(() => posts.id, { onDelete: "cascade" }),
  words: text("words").notNull(),
});
