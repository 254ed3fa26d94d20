import { and, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { users, type UserRow } from "#db/schema.ts";
import { forbidden, invalid, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { SUSPENDED_NOT_PROMOTABLE } from "~/rules/moderation-rules.ts";
import { appendModerationLog, pageWindow, requireModerator, type Page } from "../moderation-log.server.ts";
import { activeSuspension } from "../moderation/suspension.server.ts";
import { createUser } from "../user.server.ts";
import { writeTransaction, type DbOrTx } from "../db.server.ts";

// The admin's user management: the list, creating accounts, and the admin role. Every change is
// checked here (the acting admin, yourself, the last admin) and written with its log entry.

export const CANNOT_CHANGE_OWN_ROLE = "You cannot change your own admin status.";
export const CANNOT_DELETE_SELF = "You cannot delete your own account from the admin dashboard.";
export const LAST_ADMIN = "The site must keep at least one admin.";

export type AdminUserRow = {
  id: number;
  username: string;
  email: string;
  isAdmin: boolean;
  postsCount: number;
  joinDate: string;
};

/** The user as the admin calls answer it: admins may see e-mails; never the password hash. */
function toAdminUser(row: UserRow): AdminUserRow {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    postsCount: row.postsCount,
    joinDate: row.createdAt.toISOString(),
  };
}

/** `%text%` for LIKE, with the wildcards of the text itself escaped (ESCAPE '\'). */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function containsText(column: SQL | SQLiteColumn, text: string): SQL {
  return sql`lower(${column}) LIKE ${likePattern(text)} ESCAPE '\\'`;
}

/** Users newest first, 50 a page, optionally those whose name or e-mail contains `q`. */
export function listAdminUsers({ q, page = 1 }: { q?: string; page?: number }): Page<AdminUserRow> {
  const db = getDb();
  const where = q ? or(containsText(users.username, q), containsText(users.email, q)) : undefined;
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  const { pageCount, limit, offset } = pageWindow(page, total);
  const rows = db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset).all();
  return { items: rows.map(toAdminUser), page, pageCount, total };
}

/** An admin creates an account (optionally an admin): the registration rules, then the log entry. */
export function createUserAsAdmin({
  actorId,
  username,
  email,
  passwordHash,
  isAdmin,
}: {
  actorId: number;
  username: string;
  email: string;
  passwordHash: string;
  isAdmin: boolean;
}): AdminUserRow {
  return writeTransaction((tx) => {
      const admin = requireModerator(tx, actorId);
      // createUser's own transaction nests here as a savepoint: one commit for the account and its entry.
      const user = createUser({ username, email, passwordHash, isAdmin });
      appendModerationLog(tx, { admin, action: "create_user", target: { kind: "user", id: user.id, label: user.username } });
      if (isAdmin) appendModerationLog(tx, { admin, action: "grant_admin", target: { kind: "user", id: user.id, label: user.username } });
      return toAdminUser(user);
    });
}

/** Refuses taking away the last admin (Problem invalid with the reason): the site keeps one. */
export function assertMayLeave(tx: DbOrTx, target: UserRow) {
  if (!target.isAdmin) return;
  const others = tx.select({ n: count() }).from(users).where(and(eq(users.isAdmin, true), ne(users.id, target.id))).get()?.n ?? 0;
  if (others === 0) throw invalid(LAST_ADMIN);
}

/** Refuses acting on yourself and taking away the last admin (Problem invalid with the reason). */
export function assertMayChangeAccount(tx: DbOrTx, { actorId, target, selfMessage }: { actorId: number; target: UserRow; selfMessage: string }) {
  assertMayLeave(tx, target);
  if (target.id === actorId) throw invalid(selfMessage);
}

/** Grants or removes the admin role of another account; returns the user as it now is. */
export function toggleUserAdmin({ actorId, userId }: { actorId: number; userId: number }): AdminUserRow {
  return writeTransaction((tx) => {
      const admin = requireModerator(tx, actorId);
      const target = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!target) throw notFound(NOT_FOUND.user);
      assertMayChangeAccount(tx, { actorId, target, selfMessage: CANNOT_CHANGE_OWN_ROLE });
      // Admins cannot be suspended, so a suspended member waits for the end (or the lift) to become one.
      if (!target.isAdmin && activeSuspension(userId)) throw forbidden(SUSPENDED_NOT_PROMOTABLE);
      const updated = tx.update(users).set({ isAdmin: !target.isAdmin }).where(eq(users.id, userId)).returning().get()!;
      appendModerationLog(tx, {
        admin,
        action: updated.isAdmin ? "grant_admin" : "remove_admin",
        target: { kind: "user", id: userId, label: target.username },
      });
      return toAdminUser(updated);
    });
}
