import type { UserRow } from "#db/schema.ts";
import { EMAIL_TAKEN_MESSAGE, SIGNUP_CLOSED_MESSAGE, USERNAME_TAKEN_MESSAGE } from "~/lib/account-rules.ts";
import { conflict, forbidden, type Problem } from "~/lib/problem.ts";
import { getEnv } from "../../integrations/env.server.ts";
import type { AdminCreateUserInput } from "~/lib/schemas/admin.ts";
import type { RegisterInput } from "~/lib/schemas/auth.ts";
import { hashPassword } from "../../integrations/password.server.ts";
import { createUserAsAdmin } from "../admin/users.server.ts";
import { createUser, DuplicateAccountError, isUsernameTaken } from "../user.server.ts";

// The two ways an account comes to be, each one call for its routes (input already parsed): a
// visitor registers, or an admin creates one. The password is hashed here, after the cheap check
// that the name is free (a taken name costs no hash); the write checks the clash again.

export { DuplicateAccountError };

/** Whether visitors may make accounts (SIGNUP_MODE; closed: only admins create them). */
export function signupsOpen(): boolean {
  return getEnv().SIGNUP_MODE !== "closed";
}

/**
 * A visitor's new account. Problem forbidden when sign-ups are closed; conflict
 * (DuplicateAccountError) when the name or address is taken.
 */
export async function registerAccount(input: RegisterInput): Promise<UserRow> {
  if (!signupsOpen()) throw forbidden(SIGNUP_CLOSED_MESSAGE);
  if (isUsernameTaken({ username: input.username })) throw new DuplicateAccountError("username");
  return createUser({ username: input.username, email: input.email, passwordHash: await hashPassword(input.password) });
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
