import { eq } from "drizzle-orm";
import { users } from "#db/schema.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { assertMayLeave } from "../admin/users.server.ts";
import { writeTransaction } from "../db.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { removeAccount } from "./removal.server.ts";

/**
 * A member deletes their own account ('Delete my account'; the caller checked their password): the
 * same cascade as an admin's deletion (removeAccount), logged in the moderation log as a
 * self-deletion with the member as the actor. The last admin cannot leave (Problem invalid).
 */
export function deleteOwnAccount({ userId }: { userId: number }): { deleted: true; username: string } {
  return writeTransaction((tx) => {
    const target = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!target) throw notFound(NOT_FOUND.user);
    assertMayLeave(tx, target);
    removeAccount(tx, userId);
    appendModerationLog(tx, {
      admin: { id: target.id, username: target.username, role: "member" },
      action: "delete_self",
      target: { kind: "user", id: target.id, label: target.username },
    });
    return { deleted: true as const, username: target.username };
  });
}
