import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { passwordResetTokens, users, type UserRow } from "#db/schema.ts";
import { replaceFeedToken } from "../syndication-token.server.ts";
import { deleteUserSessions } from "../session.server.ts";
import { hashToken, randomToken } from "../token.server.ts";
import { writeTransaction } from "../db.server.ts";
import { hashPassword } from "../../integrations/password.server.ts";
import { refuseDemoAccountsById } from "./demo.server.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Issues a single-use reset token for a user; only its SHA-256 is stored. The token goes into the e-mail.
 * Forbidden for the shared demo account (a reset would sign every visitor out and take it over) and
 * the seed's other members (who have no password to reset): no token is made and no mail sent.
 */
export function createPasswordResetToken({ userId }: { userId: number }): { token: string; expiresAt: Date } {
  const token = randomToken();
  const now = Date.now();
  const expiresAt = new Date(now + RESET_TOKEN_TTL_MS);
  writeTransaction((tx) => {
      refuseDemoAccountsById(tx, userId);
      // Housekeeping: tokens that can no longer be used are dropped.
      tx.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now))).run();
      tx.insert(passwordResetTokens).values({ userId, tokenHash: hashToken(token), expiresAt }).run();
    });
  return { token, expiresAt };
}

function validTokenWhere(token: string, email: string) {
  return and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
    sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
  );
}

/** Whether a token/e-mail pair from a reset link can still be used (unused, not expired, matching). */
export function isPasswordResetTokenValid({ token, email }: { token: string; email: string }): boolean {
  const row = getDb()
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(validTokenWhere(token, email))
    .get();
  return Boolean(row);
}

/**
 * Uses a reset token: sets the new (already hashed) password, marks the token used and signs the
 * account out of every session except `keepSessionToken` (the caller's own, if any).
 * Returns the user, or null when the token is unknown, used, expired or for another address.
 */
export function resetPasswordWithToken(input: {
  token: string;
  email: string;
  passwordHash: string;
  keepSessionToken?: string | null;
}): UserRow | null {
  return writeTransaction((tx) => {
      const row = tx
        .select({ id: passwordResetTokens.id, user: users })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(validTokenWhere(input.token, input.email))
        .get();
      if (!row) return null;
      const now = new Date();
      // Every outstanding link of the account dies with this reset, not only the one used.
      tx.update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, row.user.id), isNull(passwordResetTokens.usedAt)))
        .run();
      tx.update(users).set({ passwordHash: input.passwordHash }).where(eq(users.id, row.user.id)).run();
      // Same connection, so this runs inside the transaction.
      deleteUserSessions({ userId: row.user.id, keepToken: input.keepSessionToken ?? undefined });
      // A private feed URL that may have leaked with the old password dies too.
      replaceFeedToken({ userId: row.user.id });
      return { ...row.user, passwordHash: input.passwordHash };
    });
}

/** Sets a new password from a reset link (hashed here); null when the link is invalid, used or expired. */
export async function resetPassword(input: {
  token: string;
  email: string;
  newPassword: string;
  keepSessionToken?: string | null;
}): Promise<UserRow | null> {
  return resetPasswordWithToken({
    token: input.token,
    email: input.email,
    passwordHash: await hashPassword(input.newPassword),
    keepSessionToken: input.keepSessionToken,
  });
}
