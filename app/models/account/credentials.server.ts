import type { UserRow } from "#db/schema.ts";
import { refuseDemo } from "~/rules/demo-rules.ts";
import { invalid } from "~/lib/problem.ts";
import { CURRENT_PASSWORD_WRONG, DELETE_PASSWORD_WRONG } from "~/rules/schemas/account.ts";
import { replacePassword } from "~/models/account/password-change.server.ts";
import { deleteOwnAccount } from "~/models/account/self-delete.server.ts";
import { hashPassword, verifyPassword } from "../../integrations/password.server.ts";

/**
 * Changes the password of `user` when `currentPassword` is theirs (else Problem invalid on the
 * currentPassword field); every other session of the account ends, `keepSessionToken`'s stays.
 */
export async function changePassword(input: {
  user: UserRow;
  currentPassword: string;
  newPassword: string;
  keepSessionToken: string | null;
}): Promise<{ endedSessions: number }> {
  refuseDemo(input.user);
  if (!(await verifyPassword(input.user.passwordHash, input.currentPassword))) {
    throw invalid(CURRENT_PASSWORD_WRONG, "currentPassword");
  }
  return replacePassword({
    userId: input.user.id,
    passwordHash: await hashPassword(input.newPassword),
    keepSessionToken: input.keepSessionToken,
  });
}

/**
 * Deletes the account of `user` when `password` is theirs (else Problem invalid on the password
 * field): the admin's cascade, logged as a self-deletion; the last admin is refused with the reason.
 */
export async function deleteAccount(input: { user: UserRow; password: string }): Promise<{ username: string }> {
  refuseDemo(input.user);
  if (!(await verifyPassword(input.user.passwordHash, input.password))) throw invalid(DELETE_PASSWORD_WRONG, "password");
  return deleteOwnAccount({ userId: input.user.id });
}
