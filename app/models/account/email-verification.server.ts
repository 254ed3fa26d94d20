import { and, desc, eq, gt, lt } from "drizzle-orm";
import { emailVerificationTokens, users, type UserRow } from "#db/schema.ts";
import { ALREADY_VERIFIED, VERIFY_FIRST, VERIFY_LINK_HOURS, VERIFY_MAIL_CAPPED, VERIFY_RESEND_SECONDS, VERIFY_RESEND_TOO_SOON } from "~/rules/signup-rules.ts";
import { conflict, forbidden, Problem } from "~/lib/problem.ts";
import { getEnv } from "../../integrations/env.server.ts";
import { sendMail } from "../../integrations/mail.server.ts";
import { mailTicket } from "../../integrations/mail-cap.server.ts";
import { writeTransaction } from "../db.server.ts";
import { hashToken, randomToken } from "../token.server.ts";

// SIGNUP_MODE=verify (docs/decisions/0073): a new account is made and signed in, unverified, and a link
// is mailed, as a password reset's (a random token, only its SHA-256 kept, an end). Until it is opened
// the account reads but does not write: `assertEmailVerified` is asked with who may act (contract.server.ts admit).

export const VERIFY_TOKEN_TTL_MS = VERIFY_LINK_HOURS * 60 * 60 * 1000;

/** The one check of every write, with the suspension's: an unverified account is refused. */
export function assertEmailVerified(user: Pick<UserRow, "emailVerified">): void {
  if (!user.emailVerified) throw forbidden(VERIFY_FIRST);
}

/**
 * A new link for an unverified account: the token for the mail (only its hash is kept). Refused
 * (conflict) when the address is already verified, and (too_many) within a minute of the last link.
 */
export function issueVerificationToken({ userId, now = new Date() }: { userId: number; now?: Date }): { token: string; user: UserRow } {
  const token = randomToken();
  const user = writeTransaction((tx) => {
    const user = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!user || user.emailVerified) throw conflict(ALREADY_VERIFIED);
    const last = tx
      .select({ createdAt: emailVerificationTokens.createdAt })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, userId))
      .orderBy(desc(emailVerificationTokens.createdAt))
      .get();
    const wait = last ? Math.ceil((last.createdAt.getTime() + VERIFY_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
    if (wait > 0) throw new Problem("too_many", VERIFY_RESEND_TOO_SOON, { headers: { "Retry-After": String(wait) } });
    // Housekeeping: links that can no longer be used are dropped.
    tx.delete(emailVerificationTokens).where(lt(emailVerificationTokens.expiresAt, now)).run();
    tx.insert(emailVerificationTokens)
      .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS), createdAt: now })
      .run();
    return user;
  });
  return { token, user };
}

/** Opens a link: the account becomes verified and its links die. Null when unknown or expired. */
export function verifyEmail({ token, now = new Date() }: { token: string; now?: Date }): UserRow | null {
  return writeTransaction((tx) => {
    const row = tx
      .select({ userId: emailVerificationTokens.userId })
      .from(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.tokenHash, hashToken(token)), gt(emailVerificationTokens.expiresAt, now)))
      .get();
    if (!row) return null;
    tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, row.userId)).run();
    return tx.update(users).set({ emailVerified: true }).where(eq(users.id, row.userId)).returning().get() ?? null;
  });
}

/** The path a link opens (with PUBLIC_URL in front in the mail). */
function verificationPath(token: string): string {
  return `/account/verify-email?${new URLSearchParams({ token })}`;
}

/**
 * Mails the link, when the address's share of mail allows (mail-cap.server.ts, decision 0190): whether
 * it went. Without PUBLIC_URL the only origin is the request's Host header, which the caller
 * controls, so (as for resets) the link goes to the server log instead of a mail.
 */
async function mailVerificationLink(user: Pick<UserRow, "email" | "username">, token: string): Promise<boolean> {
  const { PUBLIC_URL, SITE_NAME } = getEnv();
  const ticket = await mailTicket(user.email, "account");
  if (!ticket) return false;
  const path = verificationPath(token);
  if (!PUBLIC_URL) {
    console.warn(`[mail] PUBLIC_URL is not set, so no verification mail is sent. Link for ${user.email}: ${path}`);
    return true;
  }
  const link = `${PUBLIC_URL.replace(/\/+$/, "")}${path}`;
  const text = [
    `Hi ${user.username},`,
    "",
    `Welcome to ${SITE_NAME}! Open this link within ${VERIFY_LINK_HOURS} hours to verify your e-mail address:`,
    "",
    link,
    "",
    "Until then you can read, but not post, vote or comment. If you did not sign up, ignore this mail.",
  ].join("\n");
  sendMail({ to: user.email, subject: `Verify your ${SITE_NAME} e-mail address`, text }, ticket).catch((error: unknown) =>
    console.error(`[mail] could not send the verification mail to ${user.email}:`, error),
  );
  return true;
}

/** A new link, mailed when the address's share of mail allows (a sign-up's first link): whether it went. */
export async function mailNewVerificationLink({ userId, now }: { userId: number; now?: Date }): Promise<{ email: string; mailed: boolean }> {
  const { token, user } = issueVerificationToken({ userId, now });
  return { email: user.email, mailed: await mailVerificationLink(user, token) };
}

/** A new link, mailed: the resend of the banner's form and of POST /api/me/verification (too_many past the address's share of mail). */
export async function resendVerification({ userId, now }: { userId: number; now?: Date }): Promise<{ email: string }> {
  const { email, mailed } = await mailNewVerificationLink({ userId, now });
  if (!mailed) throw new Problem("too_many", VERIFY_MAIL_CAPPED);
  return { email };
}
