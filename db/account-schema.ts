// Members and what signs them in: accounts, sessions, reset tokens, who follows whom, feed tokens.
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    // A site-wide moderator (decision 0220): the review queue, removals, waiting items, suspensions
    // and appeals everywhere, none of an admin's own powers. An admin is never one too (setRole writes one rank).
    isModerator: integer("is_moderator", { mode: "boolean" }).notNull().default(false),
    displayName: text("display_name"),
    bio: text("bio"),
    location: text("location"),
    occupation: text("occupation"),
    website: text("website"),
    postsCount: integer("posts_count").notNull().default(0),
    followersCount: integer("followers_count").notNull().default(0),
    followingCount: integer("following_count").notNull().default(0),
    // When the member last downloaded their data (at most once an hour).
    dataExportedAt: integer("data_exported_at", { mode: "timestamp_ms" }),
    // False only for an account registered with SIGNUP_MODE=verify until its address is verified: it
    // reads but does not write. Every other account (older ones, admin-made, seeded) is verified.
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(true),
    // True for an account a visitor registered until it earns trust (TRUST_MIN_DAYS old with
    // TRUST_MIN_UPVOTED upvoted posts or comments): smaller budgets, links and repeats held (decision 0121).
    // Accounts from before, admin-made and seeded ones are trusted.
    newcomer: integer("newcomer", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    // Names and addresses are unique whatever their case: 'Alice' and 'alice' are one account.
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    index("users_posts_count_idx").on(t.postsCount),
    // The admin's user list (newest first) and its sign-ups chart.
    index("users_created_idx").on(t.createdAt),
  ],
);

// A category moderator's categories (decision 0220): one row per member and category they moderate.
// A member with rows and no other role is a category moderator; granting another role drops them.
export const categoryModerators = sqliteTable(
  "category_moderators",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the random token that only the cookie holds.
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Sliding: pushed 30 days ahead whenever last_seen_at is written (at most once an hour).
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    // Null only for rows made before this column existed (read as created_at). SQLite cannot add a
    // column whose default is an expression, so the model always sets it.
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }),
    // The browser's User-Agent at sign-in (trimmed), for the user's own list of sessions.
    userAgent: text("user_agent"),
    // Made after a second factor (a TOTP or recovery code), not with the password alone.
    twoFactor: integer("two_factor", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // SHA-256 of the token sent by e-mail; the token itself is never stored.
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const follows = sqliteTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followingId: integer("following_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followingId] }),
    index("follows_following_idx").on(t.followingId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followingId}`),
  ],
);

// A member's private Following-feed token (/feeds/following/{token}.xml). Kept as it is, not hashed: it
// only reads a feed, and the profile's about tab shows it again. Regenerating (or a password reset)
// replaces it, and the old URL answers 404.
export const feedTokens = sqliteTable("feed_tokens", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});
