import { Problem } from "~/lib/problem.ts";
import type { UserRow } from "#db/schema.ts";
import { findUserByEmail, findUserByLogin } from "~/models/user.server.ts";
import { createPasswordResetToken } from "~/models/account/password-reset.server.ts";
import { DEMO_USERNAME, LOGIN_FAILED_MESSAGE } from "~/rules/account-rules.ts";
import type { LoginInput } from "~/rules/schemas/sign-in.ts";
import { getEnv } from "../integrations/env.server.ts";
import { passwordResetMail, sendMail } from "../integrations/mail.server.ts";
import { mailTicket } from "../integrations/mail-cap.server.ts";
import { hashPasswordSync, verifyPassword } from "../integrations/password.server.ts";
import { countSignInFailure, refuseSignInAfterFailures } from "../integrations/sign-in-limits.server.ts";

/** A credential check that failed for a reason the user may read. */
export class AuthError extends Problem {
  constructor(message: string, kind: "invalid" | "unauthorized" = "unauthorized") {
    super(kind, message);
    this.name = "AuthError";
  }
}

// Verified against when the account does not exist, so a wrong name costs as long as a wrong password.
let dummyHash: string | undefined;

/**
 * The one credential check: username or e-mail + password → the user, else AuthError. Failed checks
 * are counted per account and the client's network; past their limit that network waits (429) before
 * any password is checked (integrations/sign-in-limits.server.ts, decision 0190).
 */
export async function verifyLogin({ username, password }: LoginInput, clientIp: string | undefined): Promise<UserRow> {
  const user = findUserByLogin({ login: username });
  const account = user ? `user:${user.id}` : `name:${username.trim().toLowerCase()}`;
  await refuseSignInAfterFailures(account, clientIp);
  dummyHash ??= hashPasswordSync("not-a-real-password");
  const ok = await verifyPassword(user?.passwordHash ?? dummyHash, password);
  if (!user || !ok) {
    await countSignInFailure(account, clientIp);
    throw new AuthError(LOGIN_FAILED_MESSAGE);
  }
  return user;
}

/** The pre-made demo account, or null on a site seeded without demo content. */
export function findDemoUser(): UserRow | null {
  const user = findUserByLogin({ login: DEMO_USERNAME });
  return user && user.username === DEMO_USERNAME ? user : null;
}

/** The site's configured origin (PUBLIC_URL), or null when it is not set. */
function configuredOrigin(): string | null {
  return getEnv().PUBLIC_URL?.replace(/\/+$/, "") ?? null;
}

export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email address, we have sent a link to reset its password. Please check your email.";

/**
 * Starts a password reset. Answers the same whether or not an account has this address: the mail is
 * sent in the background, so neither the answer nor its timing tells who has an account. Past the
 * address's share of mail (mail-cap.server.ts) no link is made and nothing is sent, and the answer is
 * still the same; the links already sent stay good (decision 0190).
 * Returns the link only for RESET_LINK_IN_RESPONSE (local demos).
 */
export async function requestPasswordReset({ email, request }: { email: string; request: Request }): Promise<{ resetLink: string | null }> {
  const user = findUserByEmail({ email });
  if (!user) return { resetLink: null };
  const ticket = await mailTicket(user.email, "account");
  if (!ticket) return { resetLink: null };
  const { token } = createPasswordResetToken({ userId: user.id });
  const query = new URLSearchParams({ token, email: user.email });
  const origin = configuredOrigin();
  if (origin) {
    sendMail(passwordResetMail({ to: user.email, link: `${origin}/reset-password?${query}`, username: user.username }), ticket).catch(
      (error: unknown) => console.error(`[mail] could not send the password reset mail to ${user.email}:`, error),
    );
  } else {
    // Without PUBLIC_URL the only origin is the request's Host header, which the caller controls:
    // a mailed link could carry the token to another site. So it goes to the server log only.
    console.warn(`[mail] PUBLIC_URL is not set, so no reset mail is sent. Reset link for ${user.email}: /reset-password?${query}`);
  }
  const link = `${origin ?? new URL(request.url).origin}/reset-password?${query}`;
  return { resetLink: getEnv().RESET_LINK_IN_RESPONSE ? link : null };
}
