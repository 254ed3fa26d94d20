import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { sessions, users, type UserRow } from "#db/schema.ts";
import { refuseDemo } from "~/rules/demo-rules.ts";
import { deviceLabel } from "~/lib/user-agent.ts";
import { hashToken, randomToken } from "./token.server.ts";
import { versionedCache } from "./data-version.server.ts";
import { prepared, writeTransaction } from "./db.server.ts";
import { replaceFeedToken } from "./syndication-token.server.ts";

// Sessions are rows; the cookie holds only a random token whose SHA-256 is the row id. Expiry slides:
// a session used at least once in 30 days stays alive. Last-seen (and with it the expiry) is written
// at most once an hour, so an ordinary request reads and never writes.
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const LAST_SEEN_WRITE_EVERY_MS = 60 * 60 * 1000;
const USER_AGENT_MAX = 300;

// Every request that carries a cookie runs these: prepared once per connection.
const statements = prepared((db) => ({
  sessionUser: db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, twoFactor: sessions.twoFactor })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare(),
  touch: db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder("now")}`, expiresAt: sql`${sql.placeholder("expires")}` })
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare(),
}));

/**
 * Starts a session; the returned token goes into the cookie and nowhere else. `replaceToken` is the
 * session the browser held before: it is deleted in the same transaction (no session fixation).
 */
export function createSession({
  userId,
  userAgent,
  replaceToken,
  twoFactor = false,
}: {
  userId: number;
  userAgent?: string | null;
  replaceToken?: string | null;
  /** Made after a second factor, not with the password alone (the session list says so). */
  twoFactor?: boolean;
}): { token: string; expiresAt: Date } {
  const token = randomToken();
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  writeTransaction((tx) => {
      if (replaceToken) tx.delete(sessions).where(eq(sessions.id, hashToken(replaceToken))).run();
      tx.insert(sessions)
        .values({
          id: hashToken(token),
          userId,
          expiresAt,
          lastSeenAt: new Date(now),
          userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
          twoFactor,
        })
        .run();
    });
  return { token, expiresAt };
}

// Who holds a token, kept while no session or user row changed: a sign-out, a revoked session, a
// changed role or a deleted account counts at the next request in this worker (its own writes) and in
// every other (another connection's commit drops every entry): lag 0. At most 10,000 tokens.
type Held = { user: UserRow; twoFactor: boolean; expiresAt: number; seen: number } | null;
const holders = versionedCache<string, Held>({ name: "session", tables: ["sessions", "users"], maxWeight: 10_000 });

/** A live session: its member, and whether it was made with a second factor (or had one proven since). */
export type LiveSession = { user: UserRow; twoFactor: boolean };

/** The live session a token names, or null. Slides the expiry when last-seen is an hour old. */
export function getLiveSession({ token }: { token: string }): LiveSession | null {
  const now = Date.now();
  const held = holders.get(token, (): Held => {
    const row = statements().sessionUser.get({ id: hashToken(token), now });
    return row ? { user: row.user, twoFactor: row.twoFactor, expiresAt: row.expiresAt.getTime(), seen: (row.lastSeenAt ?? row.createdAt).getTime() } : null;
  });
  if (!held || held.expiresAt <= now) return null;
  // The write changes the sessions table, so the next request reads the slid row afresh.
  if (now - held.seen >= LAST_SEEN_WRITE_EVERY_MS) statements().touch.run({ id: hashToken(token), now, expires: now + SESSION_TTL_MS });
  return held;
}

/** The user a live session belongs to, or null. */
export function getSessionUser({ token }: { token: string }): UserRow | null {
  return getLiveSession({ token })?.user ?? null;
}

export function deleteSession({ token }: { token: string }) {
  getDb().delete(sessions).where(eq(sessions.id, hashToken(token))).run();
}

/** Signs a user out everywhere, except (optionally) the session holding `keepToken`. Returns how many ended. */
export function deleteUserSessions({ userId, keepToken }: { userId: number; keepToken?: string | null }): number {
  const where = keepToken
    ? and(eq(sessions.userId, userId), ne(sessions.id, hashToken(keepToken)))
    : eq(sessions.userId, userId);
  return getDb().delete(sessions).where(where).run().changes;
}

/**
 * 'Sign out everywhere else': ends every session of the user but the one holding `keepToken`, and
 * replaces the private Following feed URL in the same transaction (a device that is being shut out
 * may have copied it). The shared demo account may not (one visitor would shut the others out).
 */
export function signOutOtherSessions({ userId, keepToken }: { userId: number; keepToken: string }): { ended: number } {
  return writeTransaction(() => {
    refuseDemo(getDb().select({ username: users.username }).from(users).where(eq(users.id, userId)).get());
    const ended = deleteUserSessions({ userId, keepToken });
    replaceFeedToken({ userId });
    return { ended };
  });
}

export type SessionSummary = {
  /** A stable, non-secret key for lists (not usable to sign in or to end the session). */
  key: string;
  /** 'Firefox on Linux', 'Safari on iPhone' … or 'Unknown device'. */
  device: string;
  userAgent: string | null;
  signedInAt: Date;
  lastSeenAt: Date;
  /** The session of the request asking. */
  current: boolean;
  /** Made with two factors (password and code). */
  twoFactor: boolean;
};

/** The live sessions of a user, the current one first, then the most recently seen. */
export function listUserSessions({ userId, currentToken }: { userId: number; currentToken: string | null }): SessionSummary[] {
  const currentId = currentToken ? hashToken(currentToken) : null;
  const rows = getDb()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`))
    .all();
  const list = rows.map((row) => ({
    key: row.id.slice(0, 12),
    device: deviceLabel(row.userAgent),
    userAgent: row.userAgent,
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt ?? row.createdAt,
    current: row.id === currentId,
    twoFactor: row.twoFactor,
  }));
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Deletes expired sessions; returns how many. Run at start and periodically (maintenance.server.ts). */
export function sweepExpiredSessions({ now = new Date() }: { now?: Date } = {}): number {
  return getDb().delete(sessions).where(lt(sessions.expiresAt, now)).run().changes;
}
