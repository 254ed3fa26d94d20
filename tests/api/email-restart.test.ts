// The outbox survives a restart and sends nothing twice: the server is killed (SIGKILL, no graceful
// stop) while a mail is claimed and on the wire but not yet accepted (the SMTP fake holds its answer),
// and again right after a mail was accepted and marked sent. Each restart sends what was left,
// exactly once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { mailQueue } from "#db/schema.ts";
import { createComment } from "~/models/comment.server.ts";
import { setEmailPreferences } from "~/models/mail/preferences.server.ts";
import { readMails, startSmtp, type SmtpFake } from "../fixtures/smtp.ts";
import { startServer, type RunningServer } from "../support/server.ts";
import { makePost, makeUser } from "../support/unit-factories.ts";

let smtp: SmtpFake;
let mailDir: string;
let server: RunningServer | null = null;

const env = () => ({ SMTP_URL: smtp.url, DATABASE_PATH: process.env.DATABASE_PATH!, MAIL_INTERVAL_MS: "150", MAIL_BATCH_MS: "0", MAIL_LEASE_MS: "1500", SESSION_SECRET: "a-secret-the-restarts-share" });

async function until<T>(what: string, probe: () => T | null | undefined | false, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}\n${server?.logs() ?? ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function kill() {
  const running = server!;
  process.kill(running.pid, "SIGKILL");
  await running.exited;
  await running.stop();
  server = null;
}

const rowsOf = (userId: number) => getDb().select().from(mailQueue).where(eq(mailQueue.userId, userId)).all();

beforeAll(async () => {
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-mail-"));
  smtp = await startSmtp(mailDir);
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  fs.rmSync(mailDir, { recursive: true, force: true });
});

describe("the mail queue across restarts", () => {
  it("loses nothing and sends nothing twice when the server dies mid-send or right after a send", async () => {
    const author = makeUser();
    const to = `${author.username}@example.com`;
    setEmailPreferences({ userId: author.id, changes: { comment_on_post: true } });
    const post = makePost({ userId: author.id, title: "Ladders" });

    // 1. Killed while the mail is claimed and its data sent, before the server's 250.
    smtp.hold();
    server = await startServer(env());
    createComment({ userId: makeUser().id, postId: post.id, content: "First comment on the post" });
    await until("the mail on the wire", () => smtp.held() >= 1);
    await kill();
    smtp.release();
    expect(rowsOf(author.id)).toEqual([expect.objectContaining({ status: "sending", attempts: 1 })]);
    expect(readMails(mailDir, to)).toEqual([]);
    server = await startServer(env());
    await until("the mail after the restart", () => readMails(mailDir, to).length === 1);
    const [first] = await until("the row marked sent", () => {
      const rows = rowsOf(author.id);
      return rows[0]?.status === "sent" && rows;
    });
    expect(first.attempts).toBe(2);

    // 2. Killed right after a mail was accepted and marked sent: the restart does not send it again.
    createComment({ userId: makeUser().id, postId: post.id, content: "Second comment on the post" });
    await until("the second mail", () => readMails(mailDir, to).length === 2);
    await until("both rows sent", () => rowsOf(author.id).filter((r) => r.status === "sent").length === 2);
    await kill();
    server = await startServer(env());
    // Longer than the lease and many sender passes.
    await new Promise((r) => setTimeout(r, 2500));
    const mails = readMails(mailDir, to);
    expect(mails).toHaveLength(2);
    // The two mails are the two notices, one each; the first kept its Message-ID when it was sent again.
    expect(mails.map((m) => /Message-ID: <queued-(\d+)@/i.exec(m.raw)?.[1])).toEqual(rowsOf(author.id).map((r) => String(r.id)));
    expect(rowsOf(author.id).map((r) => r.status)).toEqual(["sent", "sent"]);
  });
});
