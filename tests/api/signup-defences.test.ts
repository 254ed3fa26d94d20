// SIGNUP_MODE=verify and invite (docs/product.md §11): registration, its errors, the verification link
// and its resend, invite codes over JSON and forms, each against a server started with that mode.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailVerificationTokens, users } from "#db/schema.ts";
import { startSmtp, waitForMail } from "../fixtures/smtp.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

const VERIFY_FIRST = "Please verify your e-mail address first: open the link we mailed you, or ask for a new one.";
const TOO_SOON = "A link was sent less than a minute ago: check your mail, or ask again in a minute.";
const INVITE_REQUIRED = "An invite code is required to sign up on this site.";
const INVITE_UNKNOWN = "This invite code is unknown or has already been used.";
const TOO_NEW = "Members can make invites once their account is 7 days old.";
const DAY = 24 * 60 * 60 * 1000;

let verify: ApiClient;
let invite: ApiClient;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let mailDir: string;
let n = 0;
const account = () => {
  const username = `sg${process.pid % 1000}x${++n}${Date.now() % 10000}`;
  return { username, email: `${username}@example.com`, password: "a-good-password" };
};

beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-mail-"));
  smtp = await startSmtp(mailDir);
  [verify, invite] = await Promise.all([startApiServer({ SIGNUP_MODE: "verify", SMTP_URL: smtp.url }), startApiServer({ SIGNUP_MODE: "invite" })]);
});
afterAll(async () => {
  await Promise.all([verify?.stop(), invite?.stop()]);
  await smtp?.stop();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

/** The session a registration answered with, as a client user. */
function sessionOf(res: Response, username: string, id: number): ApiUser {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("chortle_session="))!;
  return { id, username, cookie: cookie.split(";")[0] };
}

async function linkIn(to: string): Promise<string> {
  const mail = await waitForMail(mailDir, to);
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const link = text.match(/https?:\/\/\S+\/account\/verify-email\?token=[\w-]+/)?.[0];
  expect(link, mail.raw).toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

describe("SIGNUP_MODE=verify", () => {
  it("POST /api/register: 201 signed in, a link mailed; writes answer 403 until the link is opened", async () => {
    const input = account();
    const res = await verify.fetch("/api/register", { method: "POST", json: input });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: number };
    const me = sessionOf(res, input.username, body.id);
    const post = verify.post((await verify.user()).id);
    await expectError(await verify.fetch("/api/votes", { method: "POST", user: me, json: { postId: post.id, isUpvote: true } }), 403, VERIFY_FIRST);
    await expectError(await verify.fetch("/api/comments", { method: "POST", user: me, json: { postId: post.id, content: "Hello there" } }), 403, VERIFY_FIRST);
    // It reads; the page carries the banner.
    const page = await (await verify.fetch("/", { user: me })).text();
    expect(page).toContain(`open the link we sent to ${input.email}`);

    const link = await linkIn(input.email);
    const opened = await verify.fetch(link);
    expect(opened.status).toBe(303);
    expect(await readToast(opened)).toMatchObject({ type: "success", title: "E-mail verified" });
    expect((await verify.fetch("/api/votes", { method: "POST", user: me, json: { postId: post.id, isUpvote: true } })).status).toBe(200);
    expect(await (await verify.fetch("/", { user: me })).text()).not.toContain("open the link we sent to");
    // A used link says so.
    expect(await readToast(await verify.fetch(link))).toMatchObject({ type: "error", description: "This verification link is invalid or has expired." });
  });

  it("resend: 429 within a minute of the last link, then a new mail; 409 once verified; the banner's form without JS", async () => {
    const input = account();
    const res = await verify.fetch("/api/register", { method: "POST", json: input });
    const me = sessionOf(res, input.username, ((await res.json()) as { id: number }).id);
    await waitForMail(mailDir, input.email);
    const tooSoon = await verify.fetch("/api/me/verification", { method: "POST", user: me });
    await expectError(tooSoon, 429, TOO_SOON);
    expect(Number(tooSoon.headers.get("retry-after"))).toBeGreaterThan(0);
    verify.db.update(emailVerificationTokens).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(emailVerificationTokens.userId, me.id)).run();
    const sent = await verify.fetch("/api/me/verification", { method: "POST", user: me });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent: true, email: input.email });

    verify.db.update(emailVerificationTokens).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(emailVerificationTokens.userId, me.id)).run();
    const form = await verify.fetch("/account/verify-email", { method: "POST", user: me, form: {}, headers: { Referer: `${verify.url}/search` } });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toBe("/search");
    expect(await readToast(form)).toMatchObject({ type: "success", title: "Link sent" });
    const again = await verify.fetch("/account/verify-email", { method: "POST", user: me, form: {}, headers: { Referer: `${verify.url}/search` } });
    expect(await readToast(again)).toMatchObject({ type: "error", description: TOO_SOON });

    verify.db.update(users).set({ emailVerified: true }).where(eq(users.id, me.id)).run();
    await expectError(await verify.fetch("/api/me/verification", { method: "POST", user: me }), 409, "Your e-mail address is already verified.");
    await expectError(await verify.fetch("/api/me/verification", { method: "POST" }), 401);
  });

  it("accounts made by an admin, and members from before, are verified", async () => {
    const admin = await verify.user({ isAdmin: true });
    const input = account();
    expect((await verify.fetch("/api/admin/users", { method: "POST", user: admin, json: { ...input, isAdmin: false } })).status).toBe(201);
    expect(verify.db.select({ v: users.emailVerified }).from(users).where(eq(users.username, input.username)).get()?.v).toBe(true);
  });
});

describe("SIGNUP_MODE=invite", () => {
  async function veteran(): Promise<ApiUser> {
    const user = await invite.user();
    invite.db.update(users).set({ createdAt: new Date(Date.now() - 8 * DAY) }).where(eq(users.id, user.id)).run();
    return user;
  }

  it("POST /api/invites → 201 {code}; POST /api/register with it → 201, once; GET /api/invites lists who used it", async () => {
    const member = await veteran();
    const made = await invite.fetch("/api/invites", { method: "POST", user: member });
    expect(made.status).toBe(201);
    const { code } = (await made.json()) as { code: string };
    expect(code).toMatch(/^[\w-]{8,}$/);
    const input = account();
    const res = await invite.fetch("/api/register", { method: "POST", json: { ...input, inviteCode: code } });
    expect(res.status).toBe(201);
    const joined = (await res.json()) as { id: number };
    await expectError(await invite.fetch("/api/register", { method: "POST", json: { ...account(), inviteCode: code } }), 400, INVITE_UNKNOWN);
    const list = await (await invite.fetch("/api/invites", { user: member })).json();
    expect(list).toEqual({ invites: [{ code, createdAt: expect.any(String), usedAt: expect.any(String), usedBy: { id: joined.id, username: input.username } }] });
  });

  it("register without a code or with an unknown one → 400; the form says so on its field", async () => {
    await expectError(await invite.fetch("/api/register", { method: "POST", json: account() }), 400, INVITE_REQUIRED);
    await expectError(await invite.fetch("/api/register", { method: "POST", json: { ...account(), inviteCode: "made-up-code" } }), 400, INVITE_UNKNOWN);
    const signup = await (await invite.fetch("/auth?signup=true")).text();
    expect(signup).toContain('name="inviteCode"');
    const res = await invite.fetch("/auth", { method: "POST", form: { intent: "register", ...account(), inviteCode: "made-up-code" } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(INVITE_UNKNOWN);
  });

  it("a new member, a visitor and the rules: 403 too new, 401 visitor; the no-JS form answers with the code", async () => {
    const newcomer = await invite.user();
    await expectError(await invite.fetch("/api/invites", { method: "POST", user: newcomer }), 403, TOO_NEW);
    await expectError(await invite.fetch("/api/invites", { method: "POST" }), 401);
    await expectError(await invite.fetch("/api/invites"), 401);
    const member = await veteran();
    const about = `${invite.url}/profile/${member.id}/about`;
    const res = await invite.fetch("/invites", { method: "POST", user: member, form: {}, headers: { Referer: about } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/profile/${member.id}/about#invites`);
    const toast = await readToast(res);
    expect(toast).toMatchObject({ type: "success", title: "Invite created" });
    const code = toast!.description!.split(": ")[1];
    expect(await (await invite.fetch(`/profile/${member.id}/about`, { user: member })).text()).toContain(code);
  });
});
