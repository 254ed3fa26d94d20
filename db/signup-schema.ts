import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";

// Sign-up defences (docs/decisions/0073): the links that verify an address (SIGNUP_MODE=verify)
// and the invite codes (SIGNUP_MODE=invite). Whether an account still waits for its verification is
// `users.email_verified` (every account made before it, and by an admin, counts as verified).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

// One row per mailed link; only the token's SHA-256 is kept (as for password resets). Verifying the
// address deletes every row of the account; a resend adds one (the older links stay valid until they expire).
export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

// An invite code, used once. The code is kept as it is: its maker reads it again on their list.
// The record of who invited whom outlives either account (set null), so the code stays used.
export const invites = sqliteTable(
  "invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull().unique(),
    creatorId: integer("creator_id").references(() => users.id, { onDelete: "set null" }),
    usedById: integer("used_by_id").references(() => users.id, { onDelete: "set null" }),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("invites_creator_idx").on(t.creatorId, t.createdAt), index("invites_used_by_idx").on(t.usedById)],
);

export type InviteRow = typeof invites.$inferSelect;
