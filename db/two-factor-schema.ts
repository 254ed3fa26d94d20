import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./account-schema.ts";

// Two-factor sign-in (TOTP, RFC 6238) for the members who turn it on (docs/decisions/0066).
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

// One row per member who started setting it up. `secret` is set only once a valid code was entered;
// until then the secret shown to the member waits in `pending_secret` (never taken from the client).
// The secrets are kept as they are (base32): the server must compute the codes from them.
export const twoFactor = sqliteTable("two_factor", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret"),
  pendingSecret: text("pending_secret"),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }),
  // The time step of the last TOTP code accepted: a code of that step or an older one is refused (replay).
  lastStep: integer("last_step").notNull().default(0),
  // Wrong codes in a row (settings and sign-in alike); at the limit, code checks wait (locked_until).
  failedCodes: integer("failed_codes").notNull().default(0),
  lockedUntil: integer("locked_until", { mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

// Ten single-use codes for a lost phone, shown once; only their SHA-256 is kept.
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

// The second step of a sign-in: the password was right, the code is still to come. The browser holds
// a random token (a short-lived cookie); the row's id is its SHA-256. No session exists until it ends well.
export const twoFactorChallenges = sqliteTable(
  "two_factor_challenges",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Where the sign-in goes afterwards (already checked to be a path of this site).
    redirectTo: text("redirect_to").notNull().default("/"),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("two_factor_challenges_user_idx").on(t.userId), index("two_factor_challenges_expires_idx").on(t.expiresAt)],
);
