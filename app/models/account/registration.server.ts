import type { UserRow } from "#db/schema.ts";
import { EMAIL_TAKEN_MESSAGE, SIGNUP_CLOSED_MESSAGE, USERNAME_TAKEN_MESSAGE } from "~/rules/account-rules.ts";
import { conflict, forbidden, invalid, type Problem } from "~/lib/problem.ts";
import { INVITE_REQUIRED, INVITE_UNKNOWN } from "~/rules/signup-rules.ts";
import { getEnv } from "../../integrations/env.server.ts";
import type { AdminCreateUserInput } from "~/rules/schemas/admin.ts";
import type { RegisterInput } from "~/rules/schemas/sign-in.ts";
import { hashPassword } from "../../integrations/password.server.ts";
import { limitSignupDomain } from "../../integrations/signup-limits.server.ts";
import { createUserAsAdmin } from "../admin/users.server.ts";
import { createUser, DuplicateAccountError, isUsernameTaken } from "../user.server.ts";
import { writeTransaction } from "../db.server.ts";
import { mailNewVerificationLink } from "./email-verification.server.ts";
import { isInviteUsable, redeemInvite } from "./invites.server.ts";

// The two ways an account comes to be, each one call for its routes (input already parsed): a
// visitor registers, or an admin creates one. The password is hashed here, after the cheap check
// that the name is free (a taken name costs no hash); the write checks the clash again.

export { DuplicateAccountError };

/** Whether visitors may make accounts (SIGNUP_MODE; closed: only admins create them). */
export function signupsOpen(): boolean {
  return getEnv().SIGNUP_MODE !== "closed";
}

/** Whether the sign-up form asks for an invite code (SIGNUP_MODE=invite). */
export function signupNeedsInvite(): boolean {
  return getEnv().SIGNUP_MODE === "invite";
}

/**
 * A visitor's new account. Problem forbidden when sign-ups are closed; invalid (on `inviteCode`) when
 * SIGNUP_MODE=invite and the code is missing, unknown or used; conflict (DuplicateAccountError) when
 * the name or address is taken. With SIGNUP_MODE=verify the account is made unverified and the link
 * mailed (it reads, and writes once the link is opened).
 */
export async function registerAccount(input: RegisterInput): Promise<UserRow> {
  const mode = getEnv().SIGNUP_MODE;
  if (mode === "closed") throw forbidden(SIGNUP_CLOSED_MESSAGE);
  const code = input.inviteCode;
  if (mode === "invite" && !code) throw invalid(INVITE_REQUIRED, "inviteCode");
  if (mode === "invite" && !isInviteUsable(code!)) throw invalid(INVITE_UNKNOWN, "inviteCode");
  if (isUsernameTaken({ username: input.username })) throw new DuplicateAccountError("username");
  // With verify: one e-mail domain's sign-ups share a budget (after the cheap refusals).
  await limitSignupDomain(input.email);
  const passwordHash = await hashPassword(input.password);
  // The code is spent with the account, or neither is (two visitors racing for one code: one wins).
  const user = writeTransaction((tx) => {
    const made = createUser({ username: input.username, email: input.email, passwordHash, emailVerified: mode !== "verify", newcomer: true });
    if (mode === "invite") redeemInvite(tx, { code: code!, userId: made.id });
    return made;
  });
  // The first link; past the address's share of mail, none (the banner's resend says so later).
  if (mode === "verify") await mailNewVerificationLink({ userId: user.id });
  return user;
}

/** An admin creates an account (optionally an admin): the model checks the admin, the clash and logs it. */
export async function createAccountAsAdmin(actorId: number, input: AdminCreateUserInput) {
  return createUserAsAdmin({
    actorId,
    username: input.username,
    email: input.email,
    passwordHash: await hashPassword(input.password),
    isAdmin: input.isAdmin,
  });
}

/** A sign-up form's words for a taken name or address (the JSON API keeps the server texts). */
export function takenOnForm(error: unknown): unknown {
  if (!(error instanceof DuplicateAccountError)) return error;
  return conflict(error.field === "username" ? USERNAME_TAKEN_MESSAGE : EMAIL_TAKEN_MESSAGE, error.field) satisfies Problem;
}
