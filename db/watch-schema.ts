import { sql } from "drizzle-orm";
import { index, integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";
import { comments, posts } from "./post-schema.ts";

// Following a thread (docs/decisions/0130): a member follows a whole post (comment_id null) or the
// replies under one comment. A post's author follows it without a row; their row with following = 0
// is the mute of replies to their own post. One row per (member, post, comment): the model replaces
// it in one transaction (an expression index cannot be an upsert's target).
export const threadWatches = sqliteTable(
  "thread_watches",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    following: integer("following", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    // The viewer's own rows on a post page, and the one row per target.
    index("thread_watches_user_post_idx").on(t.userId, t.postId),
    // Who hears about a new comment: the post's watchers and each ancestor comment's.
    index("thread_watches_post_idx").on(t.postId).where(sql`${t.commentId} IS NULL`),
    index("thread_watches_comment_idx").on(t.commentId).where(sql`${t.commentId} IS NOT NULL`),
  ],
);
