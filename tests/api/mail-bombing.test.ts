// Issue 45, finding 3: nobody can aim the site's mail at an address, nor guess one account's password
// from many addresses. Mail to one address is capped per hour and per day whatever asks for it
// (a reset, a verification link, notices: app/integrations/mail-cap.server.ts), and failed sign-ins
// are counted per account and client network, so one network's guesses never lock the owner out
// from another (docs/decisions/0190).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailVerificationTokens, mailQueue } from "#db/schema.ts";
import { createComment } from "~/models/comment.server.ts";
import { ACCOUNT_MAIL_CAP, ALL_MAIL_CAP } from "~/integrations/mail-cap.server.ts";
import { FORGOT_PASSWORD_MESSAGE } from "~/http/authenticator.server.ts";
import { readMails, startSmtp } from "../fixtures/smtp.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

let api: ApiClient;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let mailDir: string;
beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-bomb-"));
  smtp = await startSmtp(mailDir);
  // Account actions: 3 a minute per client address; TRUST_PROXY lets the test pose as many clients.
  api = await startApiServer({
    SIGNUP_MODE: "verify",
    SMTP_URL: smtp.url,
    RATE_LIMIT: "3/60",
    TRUST_PROXY: "loopback",
    SIGNUP_NETWORK_HOURLY: "0",
    SIGNUP_NETWORK_DAILY: "0",
    SIGNUP_DOMAIN_HOURLY: "0",
    SIGNUP_DOMAIN_DAILY: "0",
    MAIL_INTERVAL_MS: "100",
    MAIL_BATCH_MS: "0",
  });
});
afterAll(async () => {
  await api?.stop();
  await smtp?.stop();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

let n = 0;
const account = () => {
  const username = `mb${process.pid % 1000}x${++n}${Date.now() % 10000}`;
  return { username, email: `${username}@example.com`, password: "a-good-password" };
};
const from = (ip: string) => ({ "X-Forwarded-For": ip });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function register(input: ReturnType<typeof account>, ip: string) {
  const res = await api.fetch("/api/register", { method: "POST", json: input, headers: from(ip) });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("chortle_session="))!.split(";")[0];
  return { id, username: input.username, cookie };
}

/** The mails to `to` once the sends in flight have landed (they go out in the background). */
async function settledMails(to: string, atLeast: number) {
  for (let i = 0; i < 50 && readMails(mailDir, to).length < atLeast; i++) await sleep(100);
  await sleep(500);
  return readMails(mailDir, to);
}

describe("mail to one address is capped", () => {
  it("forgot-password from four client addresses delivers at most the cap to the victim, with the same answer", async () => {
    const victim = account();
    await register(victim, "10.45.0.1");
    // The verification mail of the sign-up is the first of the address's account mail.
    await settledMails(victim.email, 1);
    const answers: number[] = [];
    for (const ip of ["10.45.1.1", "10.45.2.1", "10.45.3.1", "10.45.4.1"]) {
      for (let i = 0; i < 3; i++) {
        const res = await api.fetch("/api/forgot-password", { method: "POST", json: { email: victim.email }, headers: from(ip) });
        answers.push(res.status);
        // Capped or not, the answer is the neutral one: it tells nobody whether an account exists.
        expect(await res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
      }
    }
    expect(answers).toEqual(Array(12).fill(200));
    const mails = await settledMails(victim.email, ACCOUNT_MAIL_CAP.hour);
    expect(mails.length).toBe(ACCOUNT_MAIL_CAP.hour);
    expect(mails.filter((m) => m.raw.includes("reset-password"))).toHaveLength(ACCOUNT_MAIL_CAP.hour - 1);
  });

  it("verification links in verify mode are capped per address too", async () => {
    const victim = account();
    const me = await register(victim, "10.46.0.1");
    let refused = 0;
    for (let i = 0; i < ACCOUNT_MAIL_CAP.hour + 3; i++) {
      // Past the minute between links (the resend's own wait), as an attacker waiting it out would be.
      api.db.update(emailVerificationTokens).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(emailVerificationTokens.userId, me.id)).run();
      const res = await api.fetch("/api/me/verification", { method: "POST", user: me, headers: from(`10.46.${i + 1}.1`) });
      if (res.status === 429) refused++;
      else expect(res.status).toBe(200);
    }
    // The sign-up's own link was the first of the hour's: two more went out, the other four were refused.
    expect(refused).toBe(ACCOUNT_MAIL_CAP.hour + 3 - (ACCOUNT_MAIL_CAP.hour - 1));
    expect((await settledMails(victim.email, ACCOUNT_MAIL_CAP.hour)).length).toBe(ACCOUNT_MAIL_CAP.hour);
  });

  it("notice mails count too: past the address's hour the outbox sends nothing more and says why", { timeout: 60_000 }, async () => {
    const [me, other] = [await api.user(), await api.user()];
    const email = `${me.username}@example.com`;
    await api.fetch("/api/me/email-preferences", { method: "PATCH", user: me, json: { reply_to_comment: true } });
    const post = api.post(other.id);
    const mine = createComment({ userId: me.id, postId: post.id, content: "A remark worth replying to" });
    // One reply at a time, each its own mail (MAIL_BATCH_MS=0), one more than the hour's cap.
    for (let i = 1; i <= ALL_MAIL_CAP.hour + 1; i++) {
      createComment({ userId: other.id, postId: post.id, content: `Reply number ${i} to you`, parentId: mine.id });
      const queued = () => api.db.select().from(mailQueue).where(eq(mailQueue.toAddress, email)).all();
      for (let t = 0; t < 100 && !(queued().length === i && queued().every((m) => m.status === "sent" || m.status === "failed")); t++) await sleep(100);
    }
    const rows = api.db.select().from(mailQueue).where(eq(mailQueue.toAddress, email)).all();
    expect(rows.map((r) => r.status)).toEqual([...Array<string>(ALL_MAIL_CAP.hour).fill("sent"), "failed"]);
    expect(rows.at(-1)!.lastError).toMatch(/share of mail/);
    expect((await settledMails(email, ALL_MAIL_CAP.hour)).length).toBe(ALL_MAIL_CAP.hour);
  });
});

describe("failed sign-ins per account", () => {
  it("are counted per account and network: guesses from one network stop there, the owner still signs in from another", async () => {
    const owner = account();
    await register(owner, "10.47.0.1");
    const login = (password: string, ip: string) => api.fetch("/api/login", { method: "POST", json: { username: owner.username, password }, headers: from(ip) });
    // Ten wrong passwords from one /24, each address within its own budget of 3 a minute.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await login("not-the-password", `10.47.1.${Math.floor(i / 3) + 1}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The right password from that network waits too (the guesser cannot tell it from a wrong one) …
    expect((await login(owner.password, "10.47.1.200")).status).toBe(429);
    // … and from the owner's own network it works: nobody can lock an account out from elsewhere.
    expect((await login(owner.password, "10.47.9.9")).status).toBe(200);
    // An address with no account is counted the same way (a 429 tells nothing about who exists).
    const nobody = (ip: string) => api.fetch("/api/login", { method: "POST", json: { username: `nobody${n}x`, password: "wrong-password" }, headers: from(ip) });
    const unknown: number[] = [];
    for (let i = 0; i < 11; i++) unknown.push((await nobody(`10.48.1.${Math.floor(i / 3) + 1}`)).status);
    expect(unknown.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(unknown[10]).toBe(429);
  });
});
