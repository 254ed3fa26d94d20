// The one sender of queued mail (decision 0132): every MAIL_INTERVAL_MS it composes what is due
// (models/mail/compose.server.ts) and sends the queue through the mailer, one claim at a time. It runs
// in one process only: alone, or the cluster worker server.js starts with MAIL_SENDER=1 (and starts
// again with it if that worker dies). Ticks never overlap, and shutting down waits for the one in
// flight, so a mail is marked sent before the database closes.
import cluster from "node:cluster";
import { getEnv } from "../../integrations/env.server.ts";
import { sendMail } from "../../integrations/mail.server.ts";
import { mailTicket } from "../../integrations/mail-cap.server.ts";
import { composeDigests, composeNoticeMails } from "../mail/compose.server.ts";
import { claimMail, markCapped, markFailed, markSent } from "../mail/outbox.server.ts";

let timer: NodeJS.Timeout | undefined;
let inFlight: Promise<void> | null = null;
let stopping = false;

/** Whether this process sends the site's mail. */
function isMailSender(): boolean {
  return !cluster.isWorker || process.env.MAIL_SENDER === "1";
}

/** One pass: compose what is due, then send until the queue holds nothing to send. */
async function runMailTick(now = () => Date.now()): Promise<{ sent: number; failed: number }> {
  const env = getEnv();
  const origin = env.PUBLIC_URL!.replace(/\/$/, "");
  composeNoticeMails({ now: now(), origin, batchMs: env.MAIL_BATCH_MS });
  composeDigests({ now: now(), origin, periodMs: env.DIGEST_PERIOD_MS });
  let sent = 0;
  let failed = 0;
  const host = new URL(origin).hostname;
  while (!stopping) {
    const batch = claimMail({ now: now(), leaseMs: env.MAIL_LEASE_MS });
    if (batch.length === 0) break;
    for (const mail of batch) {
      // Past the address's share of mail (decision 0190) it is not sent: failed, with the reason.
      const ticket = await mailTicket(mail.toAddress, "notice");
      if (!ticket) {
        markCapped(mail.id);
        failed++;
        continue;
      }
      try {
        await sendMail({ to: mail.toAddress, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<queued-${mail.id}@${host}>`, unsubscribeUrl: mail.unsubscribeUrl }, ticket);
        markSent(mail.id);
        sent++;
      } catch (error) {
        markFailed(mail.id, error instanceof Error ? error.message : String(error));
        failed++;
      }
    }
  }
  return { sent, failed };
}

function tick() {
  if (inFlight || stopping) return;
  inFlight = runMailTick()
    .then(() => undefined)
    .catch((error) => console.error("mail sender:", error instanceof Error ? error.message : error))
    .finally(() => {
      inFlight = null;
    });
}

/** Starts the sender where it belongs and can work: this process, SMTP_URL and PUBLIC_URL set. */
export function startMailSender() {
  const env = getEnv();
  if (timer || !isMailSender() || !env.SMTP_URL || !env.PUBLIC_URL) return;
  stopping = false;
  console.log(`Mail sender: process ${process.pid}, every ${env.MAIL_INTERVAL_MS} ms`);
  timer = setInterval(tick, env.MAIL_INTERVAL_MS);
  timer.unref();
  tick();
}

/** Stops the timer and waits for the pass in flight (its claimed mail is marked before the database closes). */
export async function stopMailSender(): Promise<void> {
  stopping = true;
  if (timer) clearInterval(timer);
  timer = undefined;
  await inFlight;
}
