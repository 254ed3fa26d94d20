import { eq } from "drizzle-orm";
import { users } from "#db/schema.ts";
import { deleteUserSessions } from "../session.server.ts";
import { replaceFeedToken } from "../syndication-token.server.ts";
import { writeTransaction } from "../db.server.ts";

/**
 * Sets a signed-in user's new password (already hashed; the caller checked the current one) and
 * ends every other session of the account in the same transaction; the private Following feed URL,
 * which may have leaked with the old password, is replaced too. Returns how many sessions ended.
 */
export function replacePassword({
  userId,
  passwordHash,
  keepSessionToken,
}: {
  userId: number;
  passwordHash: string;
  keepSessionToken: string | null;
}): { endedSessions: number } {
  return writeTransaction((tx) => {
      tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
      // Same connection, so this runs inside the transaction.
      const endedSessions = deleteUserSessions({ userId, keepToken: keepSessionToken });
      replaceFeedToken({ userId });
      return { endedSessions };
    });
}
