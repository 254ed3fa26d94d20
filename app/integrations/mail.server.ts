import nodemailer from "nodemailer";
import { getEnv } from "./env.server.ts";
import { ticketFor, type MailTicket } from "./mail-cap.server.ts";

let transport: ReturnType<typeof nodemailer.createTransport> | undefined;

function getTransport() {
  const { SMTP_URL } = getEnv();
  if (!SMTP_URL) return null;
  // Bounded waits: a send never outlives the outbox's claim lease (MAIL_LEASE_MS, minutes).
  transport ??= nodemailer.createTransport(SMTP_URL, { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return transport;
}

type Mail = {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the plain text (the text is always sent). */
  html?: string;
  /** The same id each time one queued mail is sent again, so a reader's client keeps one. */
  messageId?: string;
  /** The one-click unsubscribe address (RFC 2369 List-Unsubscribe with RFC 8058's List-Unsubscribe-Post). */
  unsubscribeUrl?: string;
};

/**
 * Sends a plain-text mail through SMTP_URL. Without SMTP_URL the mail is written to the server log
 * instead (so a self-hoster without a mail server can still read reset links). Every mail needs the
 * ticket that counted it against its address's cap (mail-cap.server.ts): no path sends one uncounted.
 */
export async function sendMail(mail: Mail, ticket: MailTicket): Promise<void> {
  if (!ticketFor(ticket, mail.to)) throw new Error("sendMail: the ticket was counted for another address");
  // (A queued mail is sent only where SMTP_URL is set: models/upkeep/mail-sender.server.ts.)
  const t = getTransport();
  if (!t) {
    console.log(`[mail] SMTP_URL is not set; this mail was not sent:\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
    return;
  }
  const { unsubscribeUrl, ...message } = mail;
  await t.sendMail({
    from: getEnv().MAIL_FROM,
    ...message,
    ...(unsubscribeUrl ? { headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } } : {}),
  });
}

export function passwordResetMail({ to, link, username }: { to: string; link: string; username: string }): Mail {
  const { SITE_NAME } = getEnv();
  return {
    to,
    subject: `Reset your ${SITE_NAME} password`,
    text: [
      `Hi ${username},`,
      "",
      `Someone (hopefully you) asked to reset the password of your ${SITE_NAME} account.`,
      "Open this link within one hour to choose a new password:",
      "",
      link,
      "",
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ].join("\n"),
  };
}
