import { and, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { categoryModerators, users, type UserRow } from "#db/schema.ts";
import { forbidden, invalid, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { SUSPENDED_NOT_PROMOTABLE } from "~/rules/moderation-rules.ts";
import { RANK, roleWords, SUSPENDED_NO_ROLE, type Role } from "~/rules/role-rules.ts";
import { appendModerationLog, pageWindow, type Page } from "../moderation-log.server.ts";
import { assertInReach, onRoleChanged, requireAdmin, requireModerator, roleOf, rolesOf, moderatedCategories, type Staff } from "../moderation/roles.server.ts";
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
  /** Only an admin sees it (absent for a moderator). */
  email?: string;
  isAdmin: boolean;
  role: Role;
  /** A category moderator's categories (empty for every other role). */
  categories: string[];
  postsCount: number;
  joinDate: string;
};

/** The user as the admin calls answer it: only admins see e-mails; never the password hash. */
function toAdminUser(row: UserRow, { role, categories }: { role: Role; categories: string[] }, viewer?: Staff): AdminUserRow {
  return {
    id: row.id,
    username: row.username,
    ...(viewer && viewer.role !== "admin" ? {} : { email: row.email }),
    isAdmin: row.isAdmin,
    role,
    categories,
    postsCount: row.postsCount,
    joinDate: row.createdAt.toISOString(),
  };
}

const roleFacts = (tx: DbOrTx, row: UserRow) => {
  const role = roleOf(tx, row);
  return { role, categories: role === "category_moderator" ? moderatedCategories(tx, row.id) : [] };
};

/** `%text%` for LIKE, with the wildcards of the text itself escaped (ESCAPE '\'). */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function containsText(column: SQL | SQLiteColumn, text: string): SQL {
  return sql`lower(${column}) LIKE ${likePattern(text)} ESCAPE '\\'`;
}

/**
 * Users newest first, 50 a page, optionally those whose name (or, for an admin, e-mail) contains
 * `q`, as `viewerId` may see them: a site-wide moderator without e-mails, a category moderator not
 * at all (they suspend through their categories' cases).
 */
export function listAdminUsers({ q, page = 1, viewerId }: { q?: string; page?: number; viewerId: number }): Page<AdminUserRow> {
  const db = getDb();
  const viewer = requireModerator(db, viewerId);
  assertInReach(viewer, null);
  const byName = q ? containsText(users.username, q) : undefined;
  const where = q && viewer.role === "admin" ? or(byName, containsText(users.email, q)) : byName;
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  const { pageCount, limit, offset } = pageWindow(page, total);
  const rows = db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit).offset(offset).all();
  const roles = rolesOf(db, rows);
  return { items: rows.map((r) => toAdminUser(r, roles.get(r.id)!, viewer)), page, pageCount, total };
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
      const admin = requireAdmin(tx, actorId);
      // createUser's own transaction nests here as a savepoint: one commit for the account and its entry.
      const user = createUser({ username, email, passwordHash, isAdmin });
      appendModerationLog(tx, { admin, action: "create_user", target: { kind: "user", id: user.id, label: user.username } });
      if (isAdmin) appendModerationLog(tx, { admin, action: "grant_admin", target: { kind: "user", id: user.id, label: user.username } });
      return toAdminUser(user, { role: isAdmin ? "admin" : "member", categories: [] });
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

/** Grants or removes the admin role of another account (a moderator made admin is one rank); returns the user as it now is. */
export function toggleUserAdmin({ actorId, userId }: { actorId: number; userId: number }): AdminUserRow {
  const target = getDb().select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).get();
  return setRole({ actorId, userId, role: target?.isAdmin ? "member" : "admin", categories: [] });
}

/**
 * An admin gives another account a role (decision 0220): member, a category moderator of
 * `categories`, a moderator, or an admin. One rank is written (the admin and moderator flags and
 * the category rows), logged with who gave it (grant_admin/remove_admin for the admin role,
 * grant_role/remove_role for the others), and the member told (`onRoleChanged`). Not your own,
 * not the last admin, not a suspended member.
 */
export function setRole({ actorId, userId, role, categories }: { actorId: number; userId: number; role: Role; categories: readonly string[] }): AdminUserRow {
  const kept = role === "category_moderator" ? [...new Set(categories)].sort() : [];
  const { user, change } = writeTransaction((tx) => {
    const admin = requireAdmin(tx, actorId);
    const target = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!target) throw notFound(NOT_FOUND.user);
    const before = roleFacts(tx, target);
    if (role !== "admin") assertMayChangeAccount(tx, { actorId, target, selfMessage: CANNOT_CHANGE_OWN_ROLE });
    else if (target.id === actorId) throw invalid(CANNOT_CHANGE_OWN_ROLE);
    // A suspended member waits for the end (or the lift) to hold a role (and admins cannot be suspended).
    if (RANK[role] > RANK[before.role] && activeSuspension(userId)) throw forbidden(role === "admin" ? SUSPENDED_NOT_PROMOTABLE : SUSPENDED_NO_ROLE);
    const updated = tx.update(users).set({ isAdmin: role === "admin", isModerator: role === "moderator" }).where(eq(users.id, userId)).returning().get()!;
    tx.delete(categoryModerators).where(eq(categoryModerators.userId, userId)).run();
    if (kept.length) tx.insert(categoryModerators).values(kept.map((category) => ({ userId, category }))).run();
    const target_ = { kind: "user" as const, id: userId, label: target.username };
    const same = before.role === role && before.categories.join() === kept.join();
    if (!same) {
      const adminChange = role === "admin" || before.role === "admin";
      const action = adminChange ? (role === "admin" ? "grant_admin" : "remove_admin") : role === "member" ? "remove_role" : "grant_role";
      const reason = `${roleWords(before.role, before.categories)} → ${roleWords(role, kept)}`;
      appendModerationLog(tx, { admin, action, target: target_, reason });
    }
    return { user: toAdminUser(updated, { role, categories: kept }), change: same ? null : { userId, actorId, from: before.role, to: role, categories: kept } };
  });
  if (change) onRoleChanged(change);
  return user;
}
