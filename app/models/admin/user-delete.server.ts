import { eq } from "drizzle-orm";
import { users } from "#db/schema.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { removeAccount } from "../account/removal.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { requireAdmin } from "../moderation/roles.server.ts";
import { assertMayChangeAccount, CANNOT_DELETE_SELF } from "./users.server.ts";
import { writeTransaction } from "../db.server.ts";

/**
 * An admin deletes an account and everything it made, in one immediate transaction, every counter
 * its rows fed corrected (removeAccount, models/account/removal.server.ts), and logs it with the reason.
 */
export function deleteUserAsAdmin({ actorId, userId, reason }: { actorId: number; userId: number; reason?: string | null }): {
  deleted: true;
  username: string;
} {
  return writeTransaction((tx) => {
      const admin = requireAdmin(tx, actorId);
      const target = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!target) throw notFound(NOT_FOUND.user);
      assertMayChangeAccount(tx, { actorId, target, selfMessage: CANNOT_DELETE_SELF });
      removeAccount(tx, userId);
      appendModerationLog(tx, { admin, action: "delete_user", target: { kind: "user", id: userId, label: target.username }, reason });
      return { deleted: true as const, username: target.username };
    });
}
