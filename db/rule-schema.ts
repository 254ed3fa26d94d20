import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Rules that act before anyone reports (docs/product.md §11 "Rules"): an admin's rule matches words or
// phrases, links to domains, a post's video channel, or an account younger than `days`; its action
// holds the item for review, refuses it with `message`, or flags it to the review queue. `terms` are
// kept as typed (one per line); they are folded (db/words.ts) when the rules are compiled. At most
// MAX_RULES rows (app/rules/content-rules.ts), enforced by the model in the writing transaction.
export const RULE_KINDS = ["words", "domain", "channel", "account_age"] as const;
export const RULE_ACTIONS = ["hold", "refuse", "flag"] as const;

export const contentRules = sqliteTable(
  "content_rules",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: RULE_KINDS }).notNull(),
    terms: text("terms").notNull().default(""),
    days: integer("days"),
    action: text("action", { enum: RULE_ACTIONS }).notNull(),
    // What the author reads when the rule refuses; the reason logged (and shown in the queue) otherwise.
    message: text("message"),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [index("content_rules_enabled_idx").on(t.enabled, t.id)],
);

export type ContentRuleRow = typeof contentRules.$inferSelect;
