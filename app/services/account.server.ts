import type { UserRow } from "#db/schema.ts";
import { invalid } from "~/lib/problem.ts";
import { CURRENT_PASSWORD_WRONG } from "~/lib/schemas/account.ts";
import { replacePassword } from "~/models/password-change.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";

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
  if (!(await verifyPassword(input.user.passwordHash, input.currentPassword))) {
    throw invalid(CURRENT_PASSWORD_WRONG, "currentPassword");
  }
  return replacePassword({
    userId: input.user.id,
    passwordHash: await hashPassword(input.newPassword),
    keepSessionToken: input.keepSessionToken,
  });
}
