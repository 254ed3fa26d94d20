import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";
import { comments, posts } from "./post-schema.ts";
import { contentRules } from "./rule-schema.ts";

// Spam defences (docs/product.md §11 "Spam", decision 0121). A new account's post or comment that must
// wait for a moderator is kept here, not in posts or comments, until it is approved: so it is in no
// list, feed, search, counter or notification of anyone else until then, by construction. Approving it
// writes the real post or comment (counters and notifications with it) and drops the row; rejecting it
// drops the row. Whether an account is still new is `users.newcomer` (db/schema.ts).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const HELD_KINDS = ["post", "comment"] as const;
/** Why it waits: a comment with a link, a new account's writes wait (NEWCOMER_POSTS_WAIT), the same text again, an admin's rule. */
export const HELD_REASONS = ["link", "newcomer", "repeated", "rule"] as const;

export const heldItems = sqliteTable(
  "held_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: HELD_KINDS }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // A comment's post and parent (gone with them).
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references(() => comments.id, { onDelete: "cascade" }),
    // A comment's text, or a post's quoted comment; a post's other fields as JSON in `payload`.
    content: text("content").notNull(),
    payload: text("payload"),
    reason: text("reason", { enum: HELD_REASONS }).notNull(),
    // The rule that held it (reason "rule"; null once the rule is deleted).
    ruleId: integer("rule_id").references(() => contentRules.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("held_items_user_idx").on(t.userId, t.postId),
    index("held_items_created_idx").on(t.createdAt),
    // A post's or a comment's deletion takes the items that answer it (the cascade looks them up).
    index("held_items_post_idx").on(t.postId),
    index("held_items_parent_idx").on(t.parentId),
    // A rule's deletion clears the items it held (the set null looks them up).
    index("held_items_rule_idx").on(t.ruleId),
  ],
);

// The normalised text of every post and comment a new account wrote (held or not) in the last day:
// the same text from another new account is held (decision 0121). Swept after a day.
export const textPrints = sqliteTable(
  "text_prints",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    print: text("print").notNull(),
    // The post or comment it was published as (null while it waits): pulled back into the queue when
    // another new account repeats it.
    itemKind: text("item_kind", { enum: HELD_KINDS }),
    itemId: integer("item_id"),
    createdAt: createdAt(),
  },
  (t) => [index("text_prints_print_idx").on(t.print, t.createdAt), index("text_prints_user_idx").on(t.userId)],
);
