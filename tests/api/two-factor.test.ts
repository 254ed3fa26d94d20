// HTTP contract of two-factor sign-in (docs/product.md §11) against the built server: setting it up,
// turning it on and off, sign-in's second step over JSON, and REQUIRE_ADMIN_2FA. Valid codes are
// computed here from the secret, with otpauth, as an authenticator app would.
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { posts as postsTable, sessions, suspensions, users as usersTable } from "#db/schema.ts";
import { INVALID_CODE } from "~/rules/schemas/two-factor.ts";
import { CHALLENGE_ENDED, CHALLENGE_EXPIRED, CHALLENGE_MAX_ATTEMPTS } from "~/models/account/two-factor-challenge.server.ts";
import { MAX_FAILED_CODES, TWO_FACTOR_ALREADY_ON, TWO_FACTOR_OFF } from "~/models/account/two-factor.server.ts";
import { hashToken } from "~/models/token.server.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api?.stop());

// The factories' password (tests/fixtures/factories.ts).
const PASSWORD = "test-password";
const STEP_MS = 30_000;

const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp });
/** A code that is not valid now (ten minutes ahead). */
const wrongCode = (secret: string) => codeAt(secret, Date.now() + 20 * STEP_MS);

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`) && !/Max-Age=0/i.test(c))
    ?.split(";")[0];

const post = (path: string, json: unknown, cookie?: string) => api.fetch(path, { method: "POST", json, headers: cookie ? { Cookie: cookie } : {} });

/**
 * Waits out the last seconds of a time step, so that a code taken a step back is still one step old
 * when the server checks it (after the password, which takes a moment on a busy machine).
 */
async function clearOfStepEdge() {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

/** A member with two-factor on: the secret and the recovery codes. The enabling code is a step old. */
async function memberWithTwoFactor(): Promise<{ user: ApiUser; secret: string; recoveryCodes: string[] }> {
  const user = await api.user();
  const setup = await api.fetch("/api/me/two-factor/setup", { method: "POST", user });
  const { secret } = (await setup.json()) as { secret: string };
  await clearOfStepEdge();
  const res = await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: { code: codeAt(secret, Date.now() - STEP_MS), password: PASSWORD } });
  expect(res.status).toBe(200);
  const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
  return { user, secret, recoveryCodes };
}

/** POST /api/login for `user`: the answer and the challenge cookie it set. */
async function login(user: ApiUser) {
  const res = await post("/api/login", { username: user.username, password: PASSWORD });
  expect(res.status).toBe(200);
  return { res, body: (await res.json()) as Record<string, unknown>, challenge: cookieOf(res, "chortle_2fa") };
}

describe("visitors", () => {
  it.each(["/api/me/two-factor/setup", "/api/me/two-factor/enable", "/api/me/two-factor/disable"])("POST %s is 401", async (path) => {
    await expectError(await post(path, { code: "123456", password: PASSWORD }), 401, "Authentication required");
  });

  it("POST /api/login/two-factor without a sign-in under way is 401", async () => {
    await expectError(await post("/api/login/two-factor", { code: "123456" }), 401, CHALLENGE_EXPIRED);
  });
});

describe("setting it up", () => {
  it("setup answers {secret, otpauthUrl}; enable needs a valid code and answers ten recovery codes", async () => {
    const user = await api.user();
    const setup = await api.fetch("/api/me/two-factor/setup", { method: "POST", user });
    expect(setup.status).toBe(200);
    expect(setup.headers.get("cache-control")).toBe("no-store");
    const { secret, otpauthUrl } = (await setup.json()) as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(otpauthUrl).searchParams.get("secret")).toBe(secret);

    await expectError(await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: {} }), 400);
    await expectError(await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: { code: "12345", password: PASSWORD } }), 400, INVALID_CODE);
    await expectError(await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: { code: wrongCode(secret), password: PASSWORD } }), 400, INVALID_CODE);
    // A stolen session alone cannot: the password is asked for, and a wrong one changes nothing.
    await expectError(await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: { code: codeAt(secret) } }), 400, "Password is required");
    await expectError(await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: { code: codeAt(secret), password: "not-the-password" } }), 400, "Incorrect password");

    const res = await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: { code: codeAt(secret), password: PASSWORD } });
    expect(res.status).toBe(200);
    const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    await expectError(await api.fetch("/api/me/two-factor/setup", { method: "POST", user }), 409, TWO_FACTOR_ALREADY_ON);
  });

  it("turning it on signs the member out everywhere else, and this session counts as proven", async () => {
    const user = await api.user();
    const other = await login(user);
    const otherCookie = cookieOf(other.res, "chortle_session")!;
    expect((await api.fetch("/api/user", { headers: { Cookie: otherCookie } })).status).toBe(200);
    const { secret } = (await (await api.fetch("/api/me/two-factor/setup", { method: "POST", user })).json()) as { secret: string };
    expect((await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: { code: codeAt(secret), password: PASSWORD } })).status).toBe(200);
    expect((await api.fetch("/api/user", { headers: { Cookie: otherCookie } })).status).toBe(401);
    expect((await api.fetch("/api/user", { user })).status).toBe(200);
    const rows = api.db.select({ twoFactor: sessions.twoFactor }).from(sessions).where(eq(sessions.userId, user.id)).all();
    expect(rows).toEqual([{ twoFactor: true }]);
  });

  it(`wrong codes count: after ${MAX_FAILED_CODES} in a row, 429 with Retry-After`, async () => {
    const user = await api.user();
    const { secret } = (await (await api.fetch("/api/me/two-factor/setup", { method: "POST", user })).json()) as { secret: string };
    for (let i = 0; i < MAX_FAILED_CODES; i++) {
      await expectError(await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: { code: wrongCode(secret), password: PASSWORD } }), 400, INVALID_CODE);
    }
    const locked = await api.fetch("/api/me/two-factor/enable", { method: "POST", user, json: { code: codeAt(secret), password: PASSWORD } });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectError(locked, 429, "Too many wrong codes");
  });
});

describe("the pages", () => {
  it("/account/two-factor shows the waiting secret as text and a QR code, to its owner only, cached nowhere", async () => {
    const user = await api.user();
    const { secret } = (await (await api.fetch("/api/me/two-factor/setup", { method: "POST", user })).json()) as { secret: string };
    for (const path of ["/account/two-factor", "/account/two-factor.data"]) {
      const res = await api.fetch(path, { user });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.text()).toContain(secret);
    }
    const html = await (await api.fetch("/account/two-factor", { user })).text();
    expect(html).toMatch(/<svg[^>]*data-testid="two-factor-qr"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(html).toMatch(/<path d="M[\d,hvzM-]+" fill="black"/);
    const visitor = await api.fetch("/account/two-factor");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });
});

describe("signing in with two factors", () => {
  it("/api/login answers {twoFactorRequired} without a session; the code completes it with one, marked two-factor", async () => {
    const { user, secret } = await memberWithTwoFactor();
    const { res, body, challenge } = await login(user);
    expect(body).toEqual({ twoFactorRequired: true });
    expect(cookieOf(res, "chortle_session")).toBeUndefined();
    expect(challenge).toBeDefined();
    // The challenge is no session.
    expect((await api.fetch("/api/user", { headers: { Cookie: challenge! } })).status).toBe(401);

    await expectError(await post("/api/login/two-factor", { code: wrongCode(secret) }, challenge), 400, INVALID_CODE);
    await expectError(await post("/api/login/two-factor", {}, challenge), 400);
    const done = await post("/api/login/two-factor", { code: codeAt(secret) }, challenge);
    expect(done.status).toBe(200);
    expect(((await done.json()) as { id: number }).id).toBe(user.id);
    const session = cookieOf(done, "chortle_session")!;
    expect(session).toBeDefined();
    expect(done.headers.getSetCookie().some((c) => c.startsWith("chortle_2fa=") && /Max-Age=0/i.test(c))).toBe(true);
    expect((await api.fetch("/api/user", { headers: { Cookie: session } })).status).toBe(200);

    const token = decodeURIComponent(session.slice("chortle_session=".length));
    const value = JSON.parse(Buffer.from(token.slice(0, token.lastIndexOf(".")), "base64").toString("utf8")) as string;
    expect(api.db.select().from(sessions).where(eq(sessions.id, hashToken(value))).get()?.twoFactor).toBe(true);
    const about = await (await api.fetch(`/profile/${user.id}/about`, { headers: { Cookie: session } })).text();
    // This one, and the session that turned two-factor on (it proved the code).
    expect(about.match(/data-testid="session-two-factor"/g)).toHaveLength(2);

    // The challenge was used up, and the same code is not accepted twice.
    await expectError(await post("/api/login/two-factor", { code: codeAt(secret) }, challenge), 401, CHALLENGE_EXPIRED);
    const again = await login(user);
    await expectError(await post("/api/login/two-factor", { code: codeAt(secret) }, again.challenge), 400, INVALID_CODE);
  });

  it("a recovery code works once", async () => {
    const { user, recoveryCodes } = await memberWithTwoFactor();
    const first = await login(user);
    expect((await post("/api/login/two-factor", { code: recoveryCodes[0] }, first.challenge)).status).toBe(200);
    const second = await login(user);
    await expectError(await post("/api/login/two-factor", { code: recoveryCodes[0] }, second.challenge), 400, INVALID_CODE);
    expect((await post("/api/login/two-factor", { code: recoveryCodes[1].toUpperCase() }, second.challenge)).status).toBe(200);
  });

  it(`the second step ends after ${CHALLENGE_MAX_ATTEMPTS} wrong codes`, async () => {
    const { user, secret } = await memberWithTwoFactor();
    const { challenge } = await login(user);
    for (let i = 1; i < CHALLENGE_MAX_ATTEMPTS; i++) await expectError(await post("/api/login/two-factor", { code: wrongCode(secret) }, challenge), 400);
    await expectError(await post("/api/login/two-factor", { code: wrongCode(secret) }, challenge), 401, CHALLENGE_ENDED);
    await expectError(await post("/api/login/two-factor", { code: codeAt(secret) }, challenge), 401);
  });
});

describe("turning it off", () => {
  it("needs the password and a code; sign-in is then one step again", async () => {
    const { user, secret } = await memberWithTwoFactor();
    const disable = (json: unknown) => api.fetch("/api/me/two-factor/disable", { method: "POST", user, json });
    await expectError(await disable({ code: codeAt(secret) }), 400, "Password is required");
    await expectError(await disable({ password: PASSWORD }), 400);
    await expectError(await disable({ password: "not-the-password", code: codeAt(secret) }), 400, "Incorrect password");
    await expectError(await disable({ password: PASSWORD, code: wrongCode(secret) }), 400, INVALID_CODE);
    const res = await disable({ password: PASSWORD, code: codeAt(secret) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactor: false });
    await expectError(await disable({ password: PASSWORD, code: codeAt(secret) }), 409, TWO_FACTOR_OFF);
    const { res: signIn, body } = await login(user);
    expect(body).toMatchObject({ id: user.id });
    expect(cookieOf(signIn, "chortle_session")).toBeDefined();
  });
});

describe("REQUIRE_ADMIN_2FA=true", () => {
  let strict: ApiClient;
  beforeAll(async () => {
    strict = await startApiServer({ REQUIRE_ADMIN_2FA: "true" });
  });
  afterAll(() => strict?.stop());

  it("refuses an admin without two-factor every admin page and call, until it is on", async () => {
    const admin = await strict.user({ isAdmin: true });
    await expectError(await strict.fetch("/api/admin/dashboard", { user: admin }), 403, "two-factor");
    const page = await strict.fetch("/admin", { user: admin });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/account/two-factor");
    expect((await strict.fetch("/account/two-factor", { user: admin })).status).toBe(200);

    const { secret } = (await (await strict.fetch("/api/me/two-factor/setup", { method: "POST", user: admin })).json()) as { secret: string };
    expect((await strict.fetch("/api/me/two-factor/enable", { method: "POST", user: admin, json: { code: codeAt(secret), password: PASSWORD } })).status).toBe(200);
    expect((await strict.fetch("/api/admin/dashboard", { user: admin })).status).toBe(200);
    expect((await strict.fetch("/admin", { user: admin })).status).toBe(200);
  });

  it("refuses the admin forms and every admin write without the second factor, and writes nothing", async () => {
    const admin = await strict.user({ isAdmin: true });
    const member = await strict.user();
    const post = strict.post(member.id).id;
    const sends: [string, Record<string, string>][] = [
      [`/admin/users/${member.id}/suspend`, { intent: "suspend", reason: "spam" }],
      [`/admin/users/${member.id}/toggle-admin`, {}],
      [`/admin/posts/${post}/delete`, { reason: "spam" }],
      ["/admin/demo/reset", {}],
    ];
    for (const [path, form] of sends) {
      const res = await strict.fetch(path, { method: "POST", user: admin, form });
      expect(res.status, path).toBe(303);
      expect(res.headers.get("location"), path).toBe("/account/two-factor");
    }
    // Without the second factor an admin is a member: someone else's post is not theirs to edit.
    await expectError(await strict.fetch(`/api/posts/${post}`, { method: "PATCH", user: admin, json: { title: "Changed by an admin" } }), 403, "You can only edit your own posts");
    expect(strict.db.select({ isAdmin: usersTable.isAdmin }).from(usersTable).where(eq(usersTable.id, member.id)).get()).toEqual({ isAdmin: false });
    expect(strict.db.select({ n: sql<number>`count(*)` }).from(suspensions).where(eq(suspensions.userId, member.id)).get()?.n).toBe(0);
    expect(strict.db.select({ id: postsTable.id }).from(postsTable).where(eq(postsTable.id, post)).get()).toEqual({ id: post });
  });

  it("offers an admin's Edit and Redact only to a session that may use them", async () => {
    const admin = await strict.user({ isAdmin: true });
    const member = await strict.user();
    const post = strict.post(member.id).id;
    // A second version, so the history has an earlier one to redact.
    expect((await strict.fetch(`/api/posts/${post}`, { method: "PATCH", user: member, json: { title: "A second title" } })).status).toBe(200);
    const pages = async () => ({
      post: await (await strict.fetch(`/post/${post}`, { user: admin })).text(),
      history: await (await strict.fetch(`/post/${post}/history`, { user: admin })).text(),
    });
    const before = await pages();
    expect(before.post).not.toContain(`href="/post/${post}/edit"`);
    expect(before.history).toContain("A second title");
    expect(before.history).not.toContain("Redact this version");

    const { secret } = (await (await strict.fetch("/api/me/two-factor/setup", { method: "POST", user: admin })).json()) as { secret: string };
    expect((await strict.fetch("/api/me/two-factor/enable", { method: "POST", user: admin, json: { code: codeAt(secret), password: PASSWORD } })).status).toBe(200);
    const after = await pages();
    expect(after.post).toContain(`href="/post/${post}/edit"`);
    expect(after.history).toContain("Redact this version");
  });

  it("does not let a session made with the password alone, before two-factor was turned on, act as an admin", async () => {
    const admin = await strict.user({ isAdmin: true });
    const old = await login(admin);
    const oldCookie = cookieOf(old.res, "chortle_session")!;
    const { secret } = (await (await strict.fetch("/api/me/two-factor/setup", { method: "POST", user: admin })).json()) as { secret: string };
    expect((await strict.fetch("/api/me/two-factor/enable", { method: "POST", user: admin, json: { code: codeAt(secret), password: PASSWORD } })).status).toBe(200);
    // Turning it on ended the old session; one that survived from before (a row as it was) is refused too.
    expect((await strict.fetch("/api/admin/dashboard", { headers: { Cookie: oldCookie } })).status).toBe(401);
    strict.db.update(sessions).set({ twoFactor: false }).where(eq(sessions.userId, admin.id)).run();
    await expectError(await strict.fetch("/api/admin/dashboard", { user: admin }), 403, "second factor");
  });

  it("changes nothing for members (403) and the off default (tested above) lets admins in", async () => {
    const member = await strict.user();
    await expectError(await strict.fetch("/api/admin/dashboard", { user: member }), 403, "Admin access required.");
    const admin = await api.user({ isAdmin: true });
    expect((await api.fetch("/api/admin/dashboard", { user: admin })).status).toBe(200);
  });
});
