import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { sessions, users, type UserRow } from "#db/schema.ts";
import { hashToken, randomToken } from "./token.server.ts";
import { prepared } from "./prepared.server.ts";

// Every request that carries a cookie runs this: prepared once per connection.
const sessionUserStatement = prepared((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare(),
);

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Starts a session; the returned token goes into the cookie and nowhere else. */
export function createSession({ userId }: { userId: number }): { token: string; expiresAt: Date } {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const db = getDb();
  db.insert(sessions).values({ id: hashToken(token), userId, expiresAt }).run();
  // Housekeeping: drop expired sessions now and then.
  if (Math.random() < 0.01) db.delete(sessions).where(lt(sessions.expiresAt, new Date())).run();
  return { token, expiresAt };
}

export function getSessionUser({ token }: { token: string }): UserRow | null {
  const row = sessionUserStatement().get({ id: hashToken(token), now: Date.now() });
  return row?.user ?? null;
}

export function deleteSession({ token }: { token: string }) {
  getDb().delete(sessions).where(eq(sessions.id, hashToken(token))).run();
}

/** Signs a user out everywhere, except (optionally) the session holding `keepToken`. */
export function deleteUserSessions({ userId, keepToken }: { userId: number; keepToken?: string }) {
  const where = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.id, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  getDb().delete(sessions).where(where).run();
}
