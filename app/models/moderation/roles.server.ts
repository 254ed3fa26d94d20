import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { categoryModerators, comments, posts, users } from "#db/schema.ts";
import { forbidden } from "~/lib/problem.ts";
import { ADMIN_REQUIRED } from "~/rules/admin-rules.ts";
import { MODERATOR_REQUIRED, OUTRANKED, OUTSIDE_CATEGORIES, RANK, ROLE_LABEL, roleWords, SITE_WIDE_ONLY, type Role } from "~/rules/role-rules.ts";
import { getDb } from "#db/client.server.ts";
import type { DbOrTx } from "../db.server.ts";
import { tellRoleChanged } from "../notification.server.ts";

// Who may moderate what (decision 0220), the model's one check: every moderation action reads its
// actor here inside its own transaction (a role taken back a moment ago counts at once), and asks
// here whether the item's category is theirs and whether its author is of a lower rank. Which URLs
// a moderator may call is the route contract's (app/http/contract.server.ts); this is the reach.

/** Who acts, with their reach: `categories` null for everywhere, else the categories they moderate. */
export type Staff = { id: number; username: string; role: Exclude<Role, "member">; categories: readonly string[] | null };

type RankFacts = Pick<typeof users.$inferSelect, "id" | "isAdmin" | "isModerator">;

/** A member's categories as a category moderator, in name order (none for everyone else). */
export function moderatedCategories(tx: DbOrTx, userId: number): string[] {
  return tx
    .select({ category: categoryModerators.category })
    .from(categoryModerators)
    .where(eq(categoryModerators.userId, userId))
    .orderBy(categoryModerators.category)
    .all()
    .map((r) => r.category);
}

/** A member's role from its facts: the admin flag, the moderator flag, then category rows. */
export function roleOf(tx: DbOrTx, user: RankFacts): Role {
  if (user.isAdmin) return "admin";
  if (user.isModerator) return "moderator";
  const row = tx.select({ userId: categoryModerators.userId }).from(categoryModerators).where(eq(categoryModerators.userId, user.id)).limit(1).get();
  return row ? "category_moderator" : "member";
}

/** Every listed member's role, in one read of the category rows (the Users tab's page of 50). */
export function rolesOf(tx: DbOrTx, list: readonly RankFacts[]): Map<number, { role: Role; categories: string[] }> {
  const ids = list.filter((u) => !u.isAdmin && !u.isModerator).map((u) => u.id);
  const rows = ids.length ? tx.select().from(categoryModerators).where(inArray(categoryModerators.userId, ids)).orderBy(categoryModerators.category).all() : [];
  const map = new Map<number, { role: Role; categories: string[] }>();
  for (const u of list) map.set(u.id, { role: u.isAdmin ? "admin" : u.isModerator ? "moderator" : "member", categories: [] });
  for (const r of rows) {
    const entry = map.get(r.userId)!;
    entry.role = "category_moderator";
    entry.categories.push(r.category);
  }
  return map;
}

/** Whether `user` holds a moderation role (a category moderator, a moderator, an admin): the contracts' guard. */
export function moderates(user: RankFacts): boolean {
  return user.isAdmin || user.isModerator || roleOf(getDb(), user) !== "member";
}

/** The actor's role and reach, or null for a member (or nobody). */
function staffOf(tx: DbOrTx, actorId: number): Staff | null {
  const actor = tx.select({ id: users.id, username: users.username, isAdmin: users.isAdmin, isModerator: users.isModerator }).from(users).where(eq(users.id, actorId)).get();
  if (!actor) return null;
  const role = roleOf(tx, actor);
  if (role === "member") return null;
  return { id: actor.id, username: actor.username, role, categories: role === "category_moderator" ? moderatedCategories(tx, actor.id) : null };
}

/** The acting moderator (any rank of moderator, or an admin), read inside the action's transaction. Problem(forbidden) otherwise. */
export function requireModerator(tx: DbOrTx, actorId: number): Staff {
  const staff = staffOf(tx, actorId);
  if (!staff) throw forbidden(MODERATOR_REQUIRED);
  return staff;
}

/** The acting admin (deleting accounts, roles, the demo, redactions): Problem(forbidden) for anyone else. */
export function requireAdmin(tx: DbOrTx, actorId: number): Staff {
  const staff = staffOf(tx, actorId);
  if (staff?.role !== "admin") throw forbidden(ADMIN_REQUIRED);
  return staff;
}

type ItemFacts = { category: string | null; authorId: number | null };

/** A post's category and author, or a comment's author and its post's category (a comment follows its post); null when it is gone. */
export function itemOf(tx: DbOrTx, target: { post: number } | { comment: number }): ItemFacts | null {
  if ("post" in target) return tx.select({ category: posts.category, authorId: posts.userId }).from(posts).where(eq(posts.id, target.post)).get() ?? null;
  return (
    tx
      .select({ category: posts.category, authorId: comments.userId })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.id, target.comment))
      .get() ?? null
  );
}

/**
 * Whether `staff` may decide something of `category`: a site-wide moderator or an admin anything, a
 * category moderator only their categories' items (`null`: a member, a suspension, nothing of one
 * category, so site-wide only). Throws Problem(forbidden).
 */
export function assertInReach(staff: Staff, category: string | null): void {
  if (staff.categories === null) return;
  if (category === null) throw forbidden(SITE_WIDE_ONLY);
  if (!staff.categories.includes(category)) throw forbidden(OUTSIDE_CATEGORIES);
}

/**
 * Nobody moderates a member of their own rank or above: not their account (`person`: a
 * suspension) and, below an admin, not their posts and comments either (an admin keeps the power
 * over every item they had before there were moderators; no one suspends an admin).
 */
export function assertOutranks(tx: DbOrTx, staff: Staff, memberId: number | null, { person = false } = {}): void {
  if (memberId === null || memberId === staff.id) return;
  if (!person && staff.role === "admin") return;
  const member = tx.select({ id: users.id, isAdmin: users.isAdmin, isModerator: users.isModerator }).from(users).where(eq(users.id, memberId)).get();
  if (member && RANK[roleOf(tx, member)] >= RANK[staff.role]) throw forbidden(OUTRANKED);
}

/** Both checks of an item: its category is in reach, its author below the actor. */
export function assertMayModerate(tx: DbOrTx, staff: Staff, item: ItemFacts | null): void {
  if (!item) return;
  const { category, authorId } = item;
  assertInReach(staff, category);
  assertOutranks(tx, staff, authorId);
}

/** A list's filter to the actor's reach: undefined (everything) or `column IN (categories)`. */
export function reachWhere(staff: Pick<Staff, "categories"> | undefined, column: SQL | SQLiteColumn): SQL | undefined {
  if (!staff || staff.categories === null) return undefined;
  return staff.categories.length ? inArray(sql`${column}`, [...staff.categories]) : sql`0`;
}

/**
 * The one place a role change goes out from, after its transaction: the member is told here (the
 * notification of a role change is wired in this function and nowhere else).
 */
export function onRoleChanged({ userId, from, to, categories }: { userId: number; actorId: number; from: Role; to: Role; categories: readonly string[] }): void {
  const words = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
  // Back to member: the role they no longer hold; otherwise the one they hold now (with its categories).
  if (to === "member") tellRoleChanged({ userId, role: words(ROLE_LABEL[from]), granted: false });
  else tellRoleChanged({ userId, role: words(roleWords(to, categories)), granted: true });
}

/** The reach of a moderator's lists (the queue, the posts): who they are and which categories, read now. */
export function reachOf(viewerId: number): Staff {
  return requireModerator(getDb(), viewerId);
}
