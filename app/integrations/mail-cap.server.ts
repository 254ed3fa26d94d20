import { limiter, spend } from "./rate-limit.server.ts";

// How much mail one address may be sent, whatever asks for it (docs/product.md §9, decision 0190): the
// caps are counted per recipient address (lower case) in rate-limits.db, beside the database, so every
// worker counts into one budget and a restart keeps it. The client's address plays no part: from any
// number of addresses (rotating IPv6 ones included) one victim gets at most the cap. RATE_LIMIT=off
// turns the caps off with every other limit.

/** Mail anyone can ask the site to send an address (a password reset, a verification link). */
export const ACCOUNT_MAIL_CAP = { hour: 3, day: 10 };
/** Every mail to one address, notices and digests included (a burst of notices is one mail per MAIL_BATCH_MS). */
export const ALL_MAIL_CAP = { hour: 12, day: 50 };

/** "account": a reset or a verification link; "notice": the outbox's notices and digests. */
export type MailKind = "account" | "notice";

declare const spent: unique symbol;
/** Proof that one mail to `to` was counted: sendMail takes nothing else (integrations/mail.server.ts). */
export type MailTicket = { readonly to: string; readonly [spent]: true };

const addressKey = (to: string) => to.trim().toLowerCase();

/** Counts one mail of `kind` to `to`: its ticket, or null when the address has had its share for now. */
export async function mailTicket(to: string, kind: MailKind): Promise<MailTicket | null> {
  const windows = [
    ...(kind === "account"
      ? [
          { name: "mail-account-hour", points: ACCOUNT_MAIL_CAP.hour, seconds: 3600 },
          { name: "mail-account-day", points: ACCOUNT_MAIL_CAP.day, seconds: 86_400 },
        ]
      : []),
    { name: "mail-hour", points: ALL_MAIL_CAP.hour, seconds: 3600 },
    { name: "mail-day", points: ALL_MAIL_CAP.day, seconds: 86_400 },
  ];
  const key = addressKey(to);
  for (const { name, points, seconds } of windows) {
    if (!(await spend(limiter(name, () => ({ points, seconds })), key, "mails")).ok) return null;
  }
  return { to: key } as MailTicket;
}

/** Whether `ticket` was counted for a mail to `to`. */
export function ticketFor(ticket: MailTicket, to: string): boolean {
  return ticket.to === addressKey(to);
}
