// E-mail end to end against the built server and the local SMTP fake: preferences (JSON), a burst of
// notices as one mail with a plain-text part and one-click unsubscribe headers, the unsubscribe page
// and the RFC 8058 POST without a session, and the weekly digest for a member who did not visit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "#db/schema.ts";
import { createComment } from "~/models/comment.server.ts";
import { readMails, startSmtp, waitForMail, type SmtpFake } from "../fixtures/smtp.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

let api: ApiClient;
let smtp: SmtpFake;
let mailDir: string;

beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-mail-"));
  smtp = await startSmtp(mailDir);
  api = await startApiServer({ SMTP_URL: smtp.url, MAIL_INTERVAL_MS: "200", MAIL_BATCH_MS: "700", DIGEST_PERIOD_MS: "3000" });
});

afterAll(async () => {
  await api?.stop();
  await smtp?.stop();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

/** A raw message's header, unfolded. */
function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}
/** The text of a quoted-printable part, decoded enough to read links and names. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const emailOf = (username: string) => `${username}@example.com`;

describe("e-mail preferences (JSON)", () => {
  it("are all off until opted in; PATCH changes what it names; unknown kinds, non-booleans and visitors are refused", async () => {
    const me = await api.user();
    const first = await api.fetch("/api/me/email-preferences", { user: me });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      reply_to_comment: false,
      comment_on_post: false,
      mention: false,
      thread_activity: false,
      new_follower: false,
      content_removed: false,
      content_restored: false,
      report_outcome: false,
      appeal_outcome: false,
      role_changed: false,
      weekly_digest: false,
    });
    expect((await api.fetch("/api/me/email-preferences", { method: "PATCH", user: me, json: { mention: true, votes: true } })).status).toBe(400);
    expect((await api.fetch("/api/me/email-preferences", { method: "PATCH", user: me, json: { mention: "yes" } })).status).toBe(400);
    expect((await api.fetch("/api/me/email-preferences", { method: "PATCH", json: { mention: true } })).status).toBe(401);
    const patched = await api.fetch("/api/me/email-preferences", { method: "PATCH", user: me, json: { mention: true } });
    expect(await patched.json()).toMatchObject({ mention: true, reply_to_comment: false });
  });
});

describe("notice mails", () => {
  it("send a burst as one mail with a text part, RFC 8058 headers and a link that unsubscribes without signing in", async () => {
    const me = await api.user();
    const other = await api.user();
    await api.fetch("/api/me/email-preferences", { method: "PATCH", user: me, json: { reply_to_comment: true, mention: true } });
    const post = api.post(other.id, { title: "Ladders" });
    const mine = createComment({ userId: me.id, postId: post.id, content: "My own funny remark" });
    createComment({ userId: other.id, postId: post.id, parentId: mine.id, content: "A reply to you" });
    createComment({ userId: other.id, postId: post.id, content: `Look here @${me.username}` });
    const mail = await waitForMail(mailDir, emailOf(me.username));
    await new Promise((r) => setTimeout(r, 1000));
    expect(readMails(mailDir, emailOf(me.username))).toHaveLength(1);
    const raw = decoded(mail.raw);
    expect(header(mail.raw, "Subject")).toBe("2 new notifications on Chortle");
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain(`${other.username} replied to your comment on "Ladders"`);
    expect(raw).toContain(`${other.username} mentioned you on "Ladders"`);
    expect(header(mail.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const link = header(mail.raw, "List-Unsubscribe")?.match(/^<(.+)>$/)?.[1];
    expect(link).toMatch(/\/email\/unsubscribe\?u=\d+&scope=notices&sig=/);
    const target = new URL(link!);
    const pathAndQuery = `${target.pathname}${target.search}`;

    // A GET (a scanner, a person) only asks.
    const page = await api.fetch(pathAndQuery);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Stop getting notice e-mails");
    expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(await (await api.fetch("/api/me/email-preferences", { user: me })).json()).toMatchObject({ mention: true });

    // A forged signature: refused, nothing changed.
    const forged = pathAndQuery.replace(/sig=[^&]+/, "sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(await (await api.fetch(forged)).text()).toContain("This unsubscribe link is not valid");
    expect((await api.fetch(forged, { method: "POST", form: { "List-Unsubscribe": "One-Click" } })).status).toBe(400);

    // The mail client's one-click POST: no session, no Origin.
    const done = await api.fetch(pathAndQuery, { method: "POST", form: { "List-Unsubscribe": "One-Click" } });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("You are unsubscribed from notice e-mails");
    expect(await (await api.fetch("/api/me/email-preferences", { user: me })).json()).toMatchObject({ mention: false, reply_to_comment: false });
    createComment({ userId: other.id, postId: post.id, parentId: mine.id, content: "Another reply to you" });
    await new Promise((r) => setTimeout(r, 1500));
    expect(readMails(mailDir, emailOf(me.username))).toHaveLength(1);
  });
});

describe("the weekly digest", () => {
  it("goes to a member who did not visit in the period, with the funniest posts they have not seen", async () => {
    const reader = await api.user();
    const visitor = await api.user();
    for (const u of [reader, visitor]) {
      expect((await api.fetch("/api/me/email-preferences", { method: "PATCH", user: u, json: { weekly_digest: true } })).status).toBe(200);
    }
    // Neither visits again; the visitor comes back within each period (a new session).
    api.db.delete(sessions).where(eq(sessions.userId, reader.id)).run();
    const author = await api.user();
    api.post(author.id, { title: "The funniest of the week", score: 30 });
    api.post(author.id, { title: "Mildly amusing", score: 2 });
    const keepVisiting = setInterval(() => void api.signIn(visitor), 500);
    try {
      const mail = await waitForMail(mailDir, emailOf(reader.username), 15_000);
      const raw = decoded(mail.raw);
      expect(header(mail.raw, "Subject")).toBe("This week's funniest on Chortle");
      expect(raw).toContain("The funniest of the week");
      expect(raw.indexOf("The funniest of the week")).toBeLessThan(raw.indexOf("Mildly amusing"));
      expect(header(mail.raw, "List-Unsubscribe")).toContain("scope=weekly_digest");
      await new Promise((r) => setTimeout(r, 3500));
      expect(readMails(mailDir, emailOf(visitor.username))).toEqual([]);
    } finally {
      clearInterval(keepVisiting);
    }
  });
});
