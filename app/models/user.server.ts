import { Problem } from "~/lib/problem.ts";
import { BADGE_RULES, type Badge, type ProfileView } from "~/rules/profile-rules.ts";
import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { users, type UserRow } from "#db/schema.ts";
import { prepared, writeTransaction } from "./db.server.ts";

const DEFAULT_BIO = "This user hasn't added a bio yet.";

;
const BADGES: Badge[] = BADGE_RULES.map(({ name, icon }) => ({ name, icon }));

/** The user as anyone may see it: never the password hash, the e-mail only when asked for. */
export type PublicUser = Omit<ProfileView, "badges" | "isFollowingUser"> & { badges: Badge[] };

export function toPublicUser(row: UserRow, { withEmail = false } = {}): PublicUser {
  return {
    id: row.id,
    username: row.username,
    ...(withEmail ? { email: row.email } : {}),
    isAdmin: row.isAdmin,
    displayName: row.displayName || row.username,
    bio: row.bio || DEFAULT_BIO,
    postsCount: row.postsCount,
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    joinDate: row.createdAt.toISOString(),
    location: row.location || "Unknown",
    occupation: row.occupation || "Not specified",
    website: row.website,
    badges: BADGES,
  };
}

// A member by id: every profile page and tab asks, prepared once per connection.
const byId = prepared((db) => db.select().from(users).where(eq(users.id, sql.placeholder("id"))).prepare());

export function getUserById({ id }: { id: number }): UserRow | null {
  return byId().get({ id }) ?? null;
}

/** Finds an account by its name or e-mail address, ignoring case. */
export function findUserByLogin({ login }: { login: string }): UserRow | null {
  const value = login.trim().toLowerCase();
  return (
    getDb()
      .select()
      .from(users)
      .where(
        value.includes("@")
          ? sql`lower(${users.email}) = ${value}`
          : sql`lower(${users.username}) = ${value}`,
      )
      .get() ?? null
  );
}

export function findUserByEmail({ email }: { email: string }): UserRow | null {
  return (
    getDb()
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .get() ?? null
  );
}

export function isUsernameTaken({ username }: { username: string }): boolean {
  const row = getDb()
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .get();
  return Boolean(row);
}

/** A taken username or e-mail: Problem("conflict") on its field (docs/product.md §8's server texts). */
export class DuplicateAccountError extends Problem {
  declare readonly field: "username" | "email";
  constructor(field: "username" | "email") {
    super("conflict", field === "username" ? "Username already exists" : "Email already exists", { field });
  }
}

/** Creates an account from an already-hashed password; throws DuplicateAccountError on a clash. */
export function createUser(input: {
  username: string;
  email: string;
  passwordHash: string;
  isAdmin?: boolean;
  /** False for a visitor's account under SIGNUP_MODE=verify, until the mailed link is opened. */
  emailVerified?: boolean;
  /** True for a visitor's own registration: a new account until it earns trust (spam/trust.server.ts). */
  newcomer?: boolean;
}): UserRow {
  return writeTransaction(
    (tx) => {
      const clash = tx
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(
          sql`lower(${users.username}) = ${input.username.toLowerCase()} or lower(${users.email}) = ${input.email.toLowerCase()}`,
        )
        .get();
      if (clash) {
        throw new DuplicateAccountError(
          clash.username.toLowerCase() === input.username.toLowerCase() ? "username" : "email",
        );
      }
      return tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email.trim(),
          passwordHash: input.passwordHash,
          isAdmin: input.isAdmin ?? false,
          emailVerified: input.emailVerified ?? true,
          newcomer: input.newcomer ?? false,
        })
        .returning()
        .get();
    },
  );
}
