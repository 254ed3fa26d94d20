// Sessions against the built server: a sign-in rotates the session, logout revokes it at once,
// 'sign out everywhere else' ends the others (a form that works without JavaScript).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#db/schema.ts";
import { readToast, startApiServer, type ApiClient } from "../support/api-client.ts";
import { uniqueName } from "../support/names.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api?.stop());

const PASSWORD = "session-password";

function sessionCookie(res: Response): string | null {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("chortle_session="));
  return set ? set.split(";")[0] : null;
}

/** Who a cookie signs in as (via GET /api/user), or null. */
async function whoIs(cookie: string): Promise<number | null> {
  const res = await fetch(`${api.url}/api/user`, { headers: { Cookie: cookie } });
  return res.status === 200 ? ((await res.json()) as { id: number }).id : null;
}

async function register(): Promise<{ id: number; username: string; cookie: string }> {
  const username = uniqueName().slice(0, 20);
  const res = await api.fetch("/api/register", { method: "POST", json: { username, email: `${username}@example.com`, password: PASSWORD } });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { id: number }).id, username, cookie: sessionCookie(res)! };
}

async function login(username: string, cookie?: string): Promise<string> {
  const res = await api.fetch("/api/login", { method: "POST", json: { username, password: PASSWORD }, headers: cookie ? { Cookie: cookie } : {} });
  expect(res.status).toBe(200);
  return sessionCookie(res)!;
}

const sessionCount = (userId: number) => api.db.select().from(sessions).where(eq(sessions.userId, userId)).all().length;

describe("session rotation", () => {
  it("/api/login issues a new session and deletes the one the browser held", async () => {
    const alice = await register();
    expect(await whoIs(alice.cookie)).toBe(alice.id);
    const next = await login(alice.username, alice.cookie);
    expect(next).not.toBe(alice.cookie);
    expect(await whoIs(next)).toBe(alice.id);
    expect(await whoIs(alice.cookie)).toBeNull();
    expect(sessionCount(alice.id)).toBe(1);
  });

  it("signing in as someone else on the same browser ends the first account's session there", async () => {
    const alice = await register();
    const bob = await register();
    const asBob = await login(bob.username, alice.cookie);
    expect(await whoIs(asBob)).toBe(bob.id);
    expect(await whoIs(alice.cookie)).toBeNull();
  });

  it("the sign-in form (no JS) rotates a stale cookie into a new session and records the browser", async () => {
    const alice = await register();
    const stale = await login(alice.username);
    await api.fetch("/logout", { method: "POST", headers: { Cookie: stale } });
    const res = await api.fetch("/auth", {
      method: "POST",
      form: { intent: "login", username: alice.username, password: PASSWORD },
      headers: { Cookie: stale, "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0" },
    });
    expect(res.status).toBe(303);
    const fresh = sessionCookie(res)!;
    expect(fresh).not.toBe(stale);
    expect(await whoIs(fresh)).toBe(alice.id);
    const rows = api.db.select().from(sessions).where(eq(sessions.userId, alice.id)).all();
    expect(rows.map((r) => r.userAgent)).toContain("Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0");
  });
});

describe("logout", () => {
  it("deletes the session row: a copied cookie stops working at once", async () => {
    const alice = await register();
    const copy = alice.cookie;
    const res = await api.fetch("/logout", { method: "POST", headers: { Cookie: alice.cookie } });
    expect(res.status).toBe(303);
    expect(await whoIs(copy)).toBeNull();
    expect(sessionCount(alice.id)).toBe(0);
  });

  it("/api/logout does the same", async () => {
    const alice = await register();
    const res = await api.fetch("/api/logout", { method: "POST", headers: { Cookie: alice.cookie } });
    expect(res.status).toBe(200);
    expect(await whoIs(alice.cookie)).toBeNull();
  });
});

describe("sign out everywhere else", () => {
  it("ends the user's other sessions and comes back to the about tab with a toast (no JS)", async () => {
    const alice = await register();
    const laptop = await login(alice.username);
    const phone = await login(alice.username);
    const bob = await register();
    const res = await api.fetch("/sessions/sign-out-others", { method: "POST", form: {}, headers: { Cookie: laptop } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/profile/${alice.id}/about`);
    expect(await readToast(res)).toEqual({ type: "success", title: "Signed out everywhere else", description: "2 other sessions were ended." });
    expect(await whoIs(laptop)).toBe(alice.id);
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(alice.cookie)).toBeNull();
    expect(await whoIs(bob.cookie)).toBe(bob.id);
  });

  it("answers a fetcher with data and sends a visitor to sign in", async () => {
    const alice = await register();
    await login(alice.username);
    const js = await api.fetch("/sessions/sign-out-others", { method: "POST", form: { _js: "1" }, headers: { Cookie: alice.cookie } });
    expect(js.status).toBe(200);
    expect(sessionCount(alice.id)).toBe(1);
    const visitor = await api.fetch("/sessions/sign-out-others", { method: "POST", form: {} });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("change password (no-JS form)", () => {
  const change = (cookie: string, form: Record<string, string>) => api.fetch("/account/password", { method: "POST", form, headers: { Cookie: cookie } });

  it("refuses a wrong current password and a mismatched confirmation, with the messages on the page", async () => {
    const alice = await register();
    const wrong = await change(alice.cookie, { currentPassword: "not-my-password", newPassword: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Your current password is not correct.");
    const mismatch = await change(alice.cookie, { currentPassword: PASSWORD, newPassword: "brand-new-1", confirmPassword: "brand-new-2" });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords Don&#x27;t Match: Please make sure both passwords are identical.");
    const short = await change(alice.cookie, { currentPassword: PASSWORD, newPassword: "abc", confirmPassword: "abc" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password Too Short: Password must be at least 6 characters long.");
    // Nothing changed: the old password still signs in.
    await login(alice.username);
  });

  it("changes the password, keeps this session and ends the others", async () => {
    const alice = await register();
    const phone = await login(alice.username);
    const res = await change(alice.cookie, { currentPassword: PASSWORD, newPassword: "brand-new-1", confirmPassword: "brand-new-1" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/account/password");
    expect(await readToast(res)).toEqual({ type: "success", title: "Password changed", description: "Your password was changed; 1 other session was signed out." });
    expect(await whoIs(alice.cookie)).toBe(alice.id);
    expect(await whoIs(phone)).toBeNull();
    const old = await api.fetch("/api/login", { method: "POST", json: { username: alice.username, password: PASSWORD } });
    expect(old.status).toBe(401);
    const fresh = await api.fetch("/api/login", { method: "POST", json: { username: alice.username, password: "brand-new-1" } });
    expect(fresh.status).toBe(200);
  });

  it("sends a visitor to sign in", async () => {
    const res = await api.fetch("/account/password");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toMatch(/^\/auth\?redirectTo=%2Faccount%2Fpassword/);
  });
});
