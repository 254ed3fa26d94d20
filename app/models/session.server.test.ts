import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { sessions, users } from "#db/schema.ts";
import { makeUser } from "../../tests/support/unit-factories.ts";
import {
  createSession,
  deleteSession,
  getSessionUser,
  LAST_SEEN_WRITE_EVERY_MS,
  listUserSessions,
  SESSION_TTL_MS,
  signOutOtherSessions,
  sweepExpiredSessions,
} from "./session.server.ts";
import { hashToken } from "./token.server.ts";

const row = (token: string) => getDb().select().from(sessions).where(eq(sessions.id, hashToken(token))).get();

afterEach(() => {
  vi.useRealTimers();
});

describe("sessions", () => {
  it("a new sign-in deletes the session the browser held before, whoever's it was", () => {
    const alice = makeUser();
    const bob = makeUser();
    const before = createSession({ userId: alice.id });
    const after = createSession({ userId: bob.id, replaceToken: before.token });
    expect(after.token).not.toBe(before.token);
    expect(getSessionUser({ token: before.token })).toBeNull();
    expect(row(before.token)).toBeUndefined();
    expect(getSessionUser({ token: after.token })?.id).toBe(bob.id);
  });

  it("logout deletes the row: the token stops working at once", () => {
    const user = makeUser();
    const { token } = createSession({ userId: user.id });
    deleteSession({ token });
    expect(row(token)).toBeUndefined();
    expect(getSessionUser({ token })).toBeNull();
  });

  it("slides the expiry, writing last-seen at most once an hour", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-01-01T00:00:00Z").getTime();
    vi.setSystemTime(start);
    const user = makeUser();
    const { token } = createSession({ userId: user.id, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" });
    expect(row(token)?.lastSeenAt?.getTime()).toBe(start);

    vi.setSystemTime(start + LAST_SEEN_WRITE_EVERY_MS - 1000);
    expect(getSessionUser({ token })?.id).toBe(user.id);
    expect(row(token)?.lastSeenAt?.getTime()).toBe(start);
    expect(row(token)?.expiresAt.getTime()).toBe(start + SESSION_TTL_MS);

    const later = start + LAST_SEEN_WRITE_EVERY_MS;
    vi.setSystemTime(later);
    expect(getSessionUser({ token })?.id).toBe(user.id);
    expect(row(token)?.lastSeenAt?.getTime()).toBe(later);
    expect(row(token)?.expiresAt.getTime()).toBe(later + SESSION_TTL_MS);

    // Used 29 days later it lives on; unused for 30 days it is gone.
    vi.setSystemTime(later + SESSION_TTL_MS - 1000);
    expect(getSessionUser({ token })?.id).toBe(user.id);
    vi.setSystemTime(later + SESSION_TTL_MS - 1000 + SESSION_TTL_MS);
    expect(getSessionUser({ token })).toBeNull();
  });

  it("sweeps expired rows and keeps live ones", () => {
    const user = makeUser();
    const live = createSession({ userId: user.id });
    const old = createSession({ userId: user.id });
    getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, hashToken(old.token))).run();
    expect(sweepExpiredSessions()).toBeGreaterThanOrEqual(1);
    expect(row(old.token)).toBeUndefined();
    expect(row(live.token)).toBeDefined();
  });

  it("lists a user's live sessions, the current one first, without tokens or row ids", () => {
    const user = makeUser();
    const other = makeUser();
    const phone = createSession({ userId: user.id, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1" });
    const here = createSession({ userId: user.id, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0" });
    createSession({ userId: other.id });
    const list = listUserSessions({ userId: user.id, currentToken: here.token });
    expect(list.map((s) => [s.device, s.current])).toEqual([
      ["Firefox on Linux", true],
      ["Safari on iPhone", false],
    ]);
    const text = JSON.stringify(list);
    expect(text).not.toContain(phone.token);
    expect(text).not.toContain(hashToken(phone.token));
  });

  it("'sign out everywhere else' ends the user's other sessions only", () => {
    const user = makeUser();
    const bystander = makeUser();
    const here = createSession({ userId: user.id });
    const laptop = createSession({ userId: user.id });
    const phone = createSession({ userId: user.id });
    const theirs = createSession({ userId: bystander.id });
    expect(signOutOtherSessions({ userId: user.id, keepToken: here.token })).toEqual({ ended: 2 });
    expect(getSessionUser({ token: laptop.token })).toBeNull();
    expect(getSessionUser({ token: phone.token })).toBeNull();
    expect(getSessionUser({ token: here.token })?.id).toBe(user.id);
    expect(getSessionUser({ token: theirs.token })?.id).toBe(bystander.id);
    expect(listUserSessions({ userId: user.id, currentToken: here.token })).toHaveLength(1);
  });
});

describe("who holds a token (kept in memory while no session or user row changes, lag 0)", () => {
  it("a sign-out, a role change or a deleted account counts at the next request, in this worker and in another", async () => {
    const other = new Database(process.env.DATABASE_PATH!);
    other.pragma("busy_timeout = 5000");
    const nextRequest = () => new Promise<void>((resolve) => setImmediate(resolve));
    try {
      const user = makeUser();
      const here = createSession({ userId: user.id });
      const there = createSession({ userId: user.id });
      const third = createSession({ userId: user.id });
      expect(getSessionUser({ token: here.token })?.isAdmin).toBe(false);
      expect(getSessionUser({ token: there.token })?.id).toBe(user.id);

      // Another worker makes them an admin, then signs one session out.
      other.prepare("UPDATE users SET is_admin = 1 WHERE id = ?").run(user.id);
      await nextRequest();
      expect(getSessionUser({ token: here.token })?.isAdmin).toBe(true);
      other.prepare("DELETE FROM sessions WHERE id = ?").run(hashToken(there.token));
      await nextRequest();
      expect(getSessionUser({ token: there.token })).toBeNull();

      // This worker signs the others out: at once, without waiting for a new turn.
      expect(getSessionUser({ token: third.token })?.id).toBe(user.id);
      signOutOtherSessions({ userId: user.id, keepToken: here.token });
      expect(getSessionUser({ token: third.token })).toBeNull();
      expect(getSessionUser({ token: here.token })?.id).toBe(user.id);
      getDb().delete(users).where(eq(users.id, user.id)).run();
      expect(getSessionUser({ token: here.token })).toBeNull();
    } finally {
      other.close();
    }
  });
});
