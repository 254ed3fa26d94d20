// HTTP contract of the account endpoints (docs/product.md §7) and the /auth page actions, against the built server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, waitForMail, readMails } from "../fixtures/smtp.ts";
import { startServer, type RunningServer } from "../support/server.ts";

let server: RunningServer;
let limited: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let mailDir: string;
// Every JSON body any test saw, checked at the end for secrets.
const seen: string[] = [];

beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-mail-"));
  smtp = await startSmtp(mailDir);
  [server, limited] = await Promise.all([
    // An admin account from the environment must not stop the demo seed (startup order).
    startServer({ SEED_DEMO: "true", SMTP_URL: smtp.url, ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "boss-password" }),
    // Limits of 3 a minute, per address; TRUST_PROXY lets each test pose as its own client.
    startServer({ RATE_LIMIT: "3/60", TRUST_PROXY: "loopback", RESET_LINK_IN_RESPONSE: "true" }),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.stop(), limited?.stop()]);
  await smtp?.stop();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

type Call = { status: number; body: any; headers: Headers; cookie: string | null };

/** The session cookie a response sets ("chortle_session=…"), or null. */
function sessionCookie(headers: Headers): string | null {
  const set = headers.getSetCookie().find((c) => c.startsWith("chortle_session="));
  return set ? set.split(";")[0] : null;
}

async function call(
  method: string,
  url: string,
  { json, raw, cookie, ip, base = server }: { json?: unknown; raw?: string; cookie?: string | null; ip?: string; base?: RunningServer } = {},
): Promise<Call> {
  const headers: Record<string, string> = {};
  if (json !== undefined || raw !== undefined) headers["Content-Type"] = "application/json";
  if (cookie) headers.Cookie = cookie;
  if (ip) headers["X-Forwarded-For"] = ip;
  const res = await fetch(`${base.url}${url}`, {
    method,
    headers,
    body: raw ?? (json === undefined ? undefined : JSON.stringify(json)),
    redirect: "manual",
  });
  const text = await res.text();
  seen.push(text);
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // HTML pages stay text.
  }
  return { status: res.status, body, headers: res.headers, cookie: sessionCookie(res.headers) };
}

let n = 0;
function newAccount() {
  n++;
  const username = `api_${Date.now().toString(36).slice(-5)}${n}`;
  return { username, email: `${username}@example.com`, password: "first-password" };
}

async function registered() {
  const account = newAccount();
  const res = await call("POST", "/api/register", { json: account });
  expect(res.status).toBe(201);
  return { ...account, id: res.body.id as number, cookie: res.cookie! };
}

/** Bad input always gets a 4xx with a message, never a 500. */
async function expectRejected(url: string, bodies: Array<{ json?: unknown; raw?: string }>, status = 400) {
  for (const body of bodies) {
    const res = await call("POST", url, body);
    expect(res.status, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
    expect(typeof res.body.message, JSON.stringify(res.body)).toBe("string");
  }
}

const huge = "x".repeat(10 * 1024);
const badBodies = [
  { json: {} },
  { json: null },
  { json: [] },
  { json: "a string" },
  { raw: "{not json" },
  { json: { username: 123, email: true, password: ["x"] } },
  { json: { username: huge, email: `${huge}@example.com`, password: huge } },
];

describe("POST /api/register", () => {
  it("creates the account, signs it in and answers 201 with the user (no secrets)", async () => {
    const account = newAccount();
    const res = await call("POST", "/api/register", { json: account });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: account.username, email: account.email, isAdmin: false });
    expect(res.body).not.toHaveProperty("password");
    expect(res.body).not.toHaveProperty("passwordHash");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const me = await call("GET", "/api/user", { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(res.body.id);
  });

  it("answers 409 with 'Username already exists' / 'Email already exists'", async () => {
    const taken = await registered();
    const byName = await call("POST", "/api/register", {
      json: { ...newAccount(), username: taken.username.toUpperCase() },
    });
    expect(byName.status).toBe(409);
    expect(byName.body.message).toContain("Username already exists");
    const byEmail = await call("POST", "/api/register", { json: { ...newAccount(), email: taken.email.toUpperCase() } });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.message).toContain("Email already exists");
    expect(byEmail.cookie).toBeNull();
  });

  it("answers 400 with the rule's message for invalid fields", async () => {
    const short = await call("POST", "/api/register", { json: { ...newAccount(), username: "ab" } });
    expect(short).toMatchObject({ status: 400, body: { message: "Username must be at least 3 characters" } });
    const email = await call("POST", "/api/register", { json: { ...newAccount(), email: "nope" } });
    expect(email.body.message).toBe("Please enter a valid email address");
    const password = await call("POST", "/api/register", { json: { ...newAccount(), password: "12345" } });
    expect(password.body.message).toBe("Password must be at least 6 characters");
    await expectRejected("/api/register", badBodies);
  });
});

describe("POST /api/login", () => {
  it("signs in by username or by e-mail and answers the user", async () => {
    const account = await registered();
    const byName = await call("POST", "/api/login", { json: { username: account.username, password: account.password } });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ id: account.id, username: account.username });
    expect(byName.cookie).toMatch(/^chortle_session=/);
    const byEmail = await call("POST", "/api/login", { json: { username: account.email, password: account.password } });
    expect(byEmail.status).toBe(200);
    expect(byEmail.body.id).toBe(account.id);
    const me = await call("GET", "/api/user", { cookie: byEmail.cookie });
    expect(me.body.username).toBe(account.username);
  });

  it("answers 401 {message} for a wrong password or an unknown user, without a cookie", async () => {
    const account = await registered();
    const wrong = await call("POST", "/api/login", { json: { username: account.username, password: "wrong-password" } });
    expect(wrong).toMatchObject({ status: 401, body: { message: "Invalid username or password." }, cookie: null });
    const unknown = await call("POST", "/api/login", { json: { username: "no_such_person", password: "whatever" } });
    expect(unknown).toMatchObject({ status: 401, body: { message: "Invalid username or password." }, cookie: null });
  });

  it("refuses other casings of demo_user with the spec message", async () => {
    const res = await call("POST", "/api/login", { json: { username: "Demo_User", password: "chortle-demo" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("For the demo account, you must use the exact username 'demo_user' (case-sensitive)");
  });

  it("answers bad input with 400 and GET with 405", async () => {
    await expectRejected("/api/login", badBodies);
    const get = await call("GET", "/api/login");
    expect(get.status).toBe(405);
    expect(get.body.message).toMatch(/POST/);
  });
});

describe("POST /api/logout", () => {
  it("ends the session on the server and clears the cookie", async () => {
    const account = await registered();
    const res = await call("POST", "/api/logout", { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/chortle_session=;.*Max-Age=0/);
    // The old cookie no longer signs anyone in.
    expect((await call("GET", "/api/user", { cookie: account.cookie })).status).toBe(401);
  });

  it("is harmless without a session", async () => {
    expect((await call("POST", "/api/logout")).status).toBe(200);
  });
});

describe("POST /api/demo-login", () => {
  it("exists beside the configured admin account", async () => {
    const admin = await call("POST", "/api/login", { json: { username: "boss", password: "boss-password" } });
    expect(admin.body).toMatchObject({ username: "boss", isAdmin: true });
    expect((await call("GET", "/api/check-username/demo_user")).body).toEqual({ available: false });
  });

  it("signs in as demo_user", async () => {
    const res = await call("POST", "/api/demo-login", { json: {} });
    expect(res.status).toBe(200);
    expect(res.body.username).toBe("demo_user");
    expect((await call("GET", "/api/user", { cookie: res.cookie })).body.username).toBe("demo_user");
  });

  it("answers 404 {message} on a site without the demo account", async () => {
    const res = await call("POST", "/api/demo-login", { base: limited });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/demo account/);
  });
});

describe("the demo seed's other members are never anyone's", () => {
  it("only demo_user signs in with the published password; the others cannot be signed into or reset", async () => {
    expect((await call("POST", "/api/login", { json: { username: "demo_user", password: "chortle-demo" } })).status).toBe(200);
    for (const username of ["gigglequeen", "lol_larry", "meme_maven", "haha_hank"]) {
      const login = await call("POST", "/api/login", { json: { username, password: "chortle-demo" } });
      expect(login, username).toMatchObject({ status: 401, cookie: null });
      const reset = await call("POST", "/api/forgot-password", { json: { email: `${username}@example.com` } });
      expect(reset, username).toMatchObject({ status: 403, body: { message: "The demo's sample accounts cannot do that." } });
    }
  });
});

describe("GET /api/check-username/:username", () => {
  it("answers {available} ignoring case", async () => {
    const account = await registered();
    expect((await call("GET", `/api/check-username/${account.username}`)).body).toEqual({ available: false });
    expect((await call("GET", "/api/check-username/DEMO_USER")).body).toEqual({ available: false });
    expect((await call("GET", "/api/check-username/free_name_42")).body).toEqual({ available: true });
  });

  it("answers invalid names with 400 {message}", async () => {
    for (const name of ["ab", encodeURIComponent("has space"), "x".repeat(10 * 1024)]) {
      const res = await call("GET", `/api/check-username/${name}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
  });
});

describe("forgot and reset password", () => {
  it("answers the same for known and unknown addresses, and mails the known one a link", async () => {
    const account = await registered();
    const known = await call("POST", "/api/forgot-password", { json: { email: account.email } });
    const unknown = await call("POST", "/api/forgot-password", { json: { email: "nobody-at-all@example.com" } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).not.toHaveProperty("resetLink");
    const mail = await waitForMail(mailDir, account.email);
    expect(mail.raw).toContain("/reset-password?token=");
    expect(readMails(mailDir, "nobody-at-all@example.com")).toEqual([]);
  });

  it("resets with the mailed token once, signs out other sessions, and the new password works", async () => {
    const account = await registered();
    await call("POST", "/api/forgot-password", { json: { email: account.email } });
    const link = resetLinkFrom((await waitForMail(mailDir, account.email)).raw);
    const token = link.searchParams.get("token")!;
    expect(link.searchParams.get("email")).toBe(account.email);
    expect(link.origin).toBe(server.url);

    const reset = await call("POST", "/api/reset-password", {
      json: { token, email: account.email, newPassword: "second-password" },
    });
    expect(reset).toMatchObject({ status: 200, body: { success: true } });
    expect(typeof reset.body.message).toBe("string");

    expect((await call("GET", "/api/user", { cookie: account.cookie })).status).toBe(401);
    const oldLogin = await call("POST", "/api/login", { json: { username: account.username, password: "first-password" } });
    expect(oldLogin.status).toBe(401);
    const newLogin = await call("POST", "/api/login", { json: { username: account.username, password: "second-password" } });
    expect(newLogin.status).toBe(200);

    const again = await call("POST", "/api/reset-password", {
      json: { token, email: account.email, newPassword: "third-password" },
    });
    expect(again).toMatchObject({ status: 400, body: { message: "This password reset link is invalid or has expired." } });
  });

  it("refuses made-up tokens and bad input with 400 {message}", async () => {
    const account = await registered();
    const made = await call("POST", "/api/reset-password", {
      json: { token: "made-up-token", email: account.email, newPassword: "whatever1" },
    });
    expect(made).toMatchObject({ status: 400, body: { message: "This password reset link is invalid or has expired." } });
    const short = await call("POST", "/api/reset-password", { json: { token: "t", email: account.email, newPassword: "abc" } });
    expect(short.body.message).toBe("Password Too Short: Password must be at least 6 characters long.");
    await expectRejected("/api/reset-password", [
      ...badBodies,
      { json: { token: huge, email: account.email, newPassword: "whatever1" } },
    ]);
    await expectRejected("/api/forgot-password", [...badBodies, { json: { email: "not-an-email" } }]);
  });
});

/** The reset link in a raw mail (quoted-printable soft breaks and =3D undone). */
function resetLinkFrom(raw: string): URL {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const match = text.match(/https?:\/\/\S+\/reset-password\?\S+/);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return new URL(match[0]);
}

describe("session recovery endpoints never sign anyone in", () => {
  it("direct-login without a session answers success:false whatever the body claims, and sets no cookie", async () => {
    for (const json of [undefined, {}, { userId: 1, username: "demo_user", source: "x", timestamp: Date.now() }]) {
      const res = await call("POST", "/api/direct-login", { json });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false });
      expect(typeof res.body.message).toBe("string");
      expect(res.body).not.toHaveProperty("user");
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const forged = await call("POST", "/api/direct-login", { cookie: "chortle_session=forged.value" });
    expect(forged.body.success).toBe(false);
  });

  it("direct-login with a session answers that session's user, never the session token", async () => {
    const account = await registered();
    const res = await call("POST", "/api/direct-login", { cookie: account.cookie, json: { source: "test" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { id: account.id, username: account.username } });
    const value = decodeURIComponent(account.cookie.slice("chortle_session=".length));
    const token = JSON.parse(Buffer.from(value.split(".")[0], "base64").toString("utf8")) as string;
    expect(JSON.stringify(res.body)).not.toContain(token);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("debug-session answers {} without a session and {user} with one", async () => {
    const none = await call("GET", "/api/debug-session");
    expect(none).toMatchObject({ status: 200, body: {} });
    expect(Object.keys(none.body)).toEqual([]);
    expect(none.headers.getSetCookie()).toEqual([]);
    const account = await registered();
    const mine = await call("GET", "/api/debug-session", { cookie: account.cookie });
    expect(mine.body).toEqual({ user: expect.objectContaining({ id: account.id, username: account.username }) });
  });
});

describe("rate limits (RATE_LIMIT=3/60, per address)", () => {
  const attempts = async (url: string, json: unknown, ip: string) => {
    const results: Call[] = [];
    for (let i = 0; i < 4; i++) results.push(await call("POST", url, { json, ip, base: limited }));
    return results;
  };

  const expectLimited = (results: Call[]) => {
    expect(results.slice(0, 3).map((r) => r.status)).not.toContain(429);
    const last = results[3];
    expect(last.status).toBe(429);
    expect(last.body.message).toMatch(/Too many attempts/);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  };

  it("limits demo login too (each one starts a session)", async () => {
    expectLimited(await attempts("/api/demo-login", {}, "10.0.0.5"));
  });

  it("limits login, register, forgot-password and reset-password", async () => {
    expectLimited(await attempts("/api/login", { username: "someone", password: "whatever" }, "10.0.0.1"));
    expectLimited(
      await attempts("/api/register", { username: "rate_x", email: "rate_x@example.com", password: "whatever" }, "10.0.0.2"),
    );
    expectLimited(await attempts("/api/forgot-password", { email: "rate@example.com" }, "10.0.0.3"));
    expectLimited(
      await attempts("/api/reset-password", { token: "tok", email: "rate@example.com", newPassword: "whatever" }, "10.0.0.4"),
    );
  });

  it("counts each address on its own, and the page shares the API's budget", async () => {
    await attempts("/api/login", { username: "someone", password: "whatever" }, "10.0.1.1");
    const other = await call("POST", "/api/login", { json: { username: "someone", password: "whatever" }, ip: "10.0.1.2", base: limited });
    expect(other.status).toBe(401);
    const page = await fetch(`${limited.url}/auth`, {
      method: "POST",
      headers: { "X-Forwarded-For": "10.0.1.1" },
      body: new URLSearchParams({ intent: "login", username: "someone", password: "whatever" }),
    });
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await page.text()).toContain("Too many attempts");
  });

  it("with RESET_LINK_IN_RESPONSE the answer carries the link (demo mode)", async () => {
    const account = { username: "demo_mode_1", email: "demo_mode_1@example.com", password: "first-password" };
    expect((await call("POST", "/api/register", { json: account, ip: "10.0.2.1", base: limited })).status).toBe(201);
    const res = await call("POST", "/api/forgot-password", { json: { email: account.email }, ip: "10.0.2.2", base: limited });
    expect(res.body).toMatchObject({ demoMode: true, note: expect.any(String) });
    const link = new URL(res.body.resetLink);
    const reset = await call("POST", "/api/reset-password", {
      json: { token: link.searchParams.get("token"), email: account.email, newPassword: "second-password" },
      ip: "10.0.2.3",
      base: limited,
    });
    expect(reset.body.success).toBe(true);
  });
});

describe("the /auth page without JavaScript", () => {
  const post = (fields: Record<string, string>, base = server) =>
    fetch(`${base.url}/auth`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });

  it("signs in and redirects (303) to a same-site redirectTo only", async () => {
    const account = await registered();
    const ok = await post({ intent: "login", username: account.email, password: account.password, redirectTo: "/post/1" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/post/1");
    expect(sessionCookie(ok.headers)).toMatch(/^chortle_session=/);
    const evil = await post({ intent: "login", username: account.username, password: account.password, redirectTo: "//evil.com" });
    expect(evil.headers.get("location")).toBe("/");
  });

  it("answers a wrong password with 401 and the Login Failed message", async () => {
    const account = await registered();
    const res = await post({ intent: "login", username: account.username, password: "wrong-password" });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain("Login Failed");
    expect(html).toContain("Invalid username or password.");
  });

  it("answers a taken username with the spec message", async () => {
    const account = await registered();
    const res = await post({ intent: "register", username: account.username, email: "another@example.com", password: "whatever" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("This username is already taken. Please choose another one.");
  });

  it("sends signed-in visitors to /", async () => {
    const account = await registered();
    const res = await fetch(`${server.url}/auth`, { headers: { Cookie: account.cookie }, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });
});

describe("no answer ever carries a password hash", () => {
  it("checked over every response of this file", () => {
    expect(seen.length).toBeGreaterThan(50);
    for (const text of seen) {
      expect(text).not.toMatch(/\$argon2/);
      expect(text).not.toMatch(/passwordHash|password_hash/);
    }
  });
});
