// WORKERS=2: one worker sends the site's mail, and when it dies its replacement takes the role (the
// other worker never does); a burst of notices still leaves as one mail.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComment } from "~/models/comment.server.ts";
import { setEmailPreferences } from "~/models/mail/preferences.server.ts";
import { readMails, startSmtp, waitForMail, type SmtpFake } from "../fixtures/smtp.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

let api: ApiClient;
let smtp: SmtpFake;
let mailDir: string;

beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-mail-"));
  smtp = await startSmtp(mailDir);
  api = await startApiServer({ WORKERS: "2", SMTP_URL: smtp.url, MAIL_INTERVAL_MS: "200", MAIL_BATCH_MS: "300" });
});
afterAll(async () => {
  await api?.stop();
  await smtp?.stop();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

const senders = () => [...api.server.logs().matchAll(/Mail sender: process (\d+)/g)].map((m) => Number(m[1]));

async function until(what: string, probe: () => boolean, timeoutMs = 15_000) {
  const started = Date.now();
  while (!probe()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}\n${api.server.logs()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the mail sender with several workers", () => {
  it("runs in one worker only, and in its replacement when it dies", async () => {
    const workers = [...api.server.logs().matchAll(/Worker (\d+) ready/g)].map((m) => Number(m[1]));
    expect(workers).toHaveLength(2);
    expect(senders()).toHaveLength(1);
    const [first] = senders();
    expect(workers).toContain(first);

    const me = await api.user();
    setEmailPreferences({ userId: me.id, changes: { comment_on_post: true } });
    const post = api.post(me.id, { title: "Two workers" });
    for (let i = 0; i < 3; i++) createComment({ userId: (await api.user()).id, postId: post.id, content: `Comment number ${i}` });
    await waitForMail(mailDir, `${me.username}@example.com`);
    await new Promise((r) => setTimeout(r, 800));
    expect(readMails(mailDir, `${me.username}@example.com`)).toHaveLength(1);

    process.kill(first, "SIGKILL");
    await until("a new sender", () => senders().length === 2);
    const second = senders()[1];
    expect(second).not.toBe(first);
    expect(workers).not.toContain(second);
  });
});
