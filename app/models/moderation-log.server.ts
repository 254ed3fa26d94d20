import { count, desc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { comments, moderationLog, posts, type ModerationAction, type MODERATION_TARGETS } from "#db/schema.ts";
import { KIND_OF_ACTION } from "~/rules/moderation-log-rules.ts";
import { ADMIN_PAGE_SIZE } from "~/rules/schemas/admin.ts";
import type { DbOrTx } from "./db.server.ts";

// The moderation log: every moderation action appends one row, in the transaction of the action
// itself, through appendModerationLog alone. The table has no foreign keys (an entry outlives whom and
// what it names) and its triggers refuse UPDATE and DELETE: nothing in the site edits or removes an
// entry. The admin tab reads it whole; /moderation reads its public part (public-log.server.ts).

/** A person who moderates (roles.server.ts's Staff is one): the public log says "a moderator" for either rank below admin. */
export type Moderator = { id: number; username: string; role: "admin" | "moderator" | "category_moderator" };
/** Who an entry says acted: a moderator, an admin's rule, a member closing their own account, or the site itself. */
export type Actor = Moderator | { role: "rule"; ruleId: number } | { id: number; username: string; role: "member" } | { role: "site" };

export type ModerationEntry = {
  id: number;
  createdAt: string;
  /** The acting person, or null when a rule (`ruleId`) or the site acted. */
  adminId: number | null;
  adminName: string;
  ruleId: number | null;
  action: ModerationAction;
  targetKind: (typeof MODERATION_TARGETS)[number];
  targetId: number;
  targetLabel: string;
  reason: string | null;
};

type Target = { kind: (typeof MODERATION_TARGETS)[number]; id: number; label: string };

/** The category an item is filed under: a post's, a comment's post's; none for a member. */
function categoryOf(tx: DbOrTx, target: Target): string | null {
  if (target.kind === "post") return tx.select({ c: posts.category }).from(posts).where(eq(posts.id, target.id)).get()?.c ?? null;
  if (target.kind === "comment") {
    return tx.select({ c: posts.category }).from(comments).innerJoin(posts, eq(posts.id, comments.postId)).where(eq(comments.id, target.id)).get()?.c ?? null;
  }
  return null;
}

/**
 * Appends one entry; call it inside the transaction of the action it records, before the item goes
 * (its category is read from it). `category` given overrides that (an item that never was a post or
 * comment row: a refused waiting item). `reports`: how many reports the decided case had merged.
 */
export function appendModerationLog(
  tx: DbOrTx,
  entry: {
    admin: Actor;
    action: ModerationAction;
    target: Target;
    reason?: string | null;
    category?: string | null;
    reports?: number | null;
  },
) {
  const actor = entry.admin;
  tx.insert(moderationLog)
    .values({
      adminId: "id" in actor ? actor.id : null,
      adminName: "username" in actor ? actor.username : "",
      ruleId: actor.role === "rule" ? actor.ruleId : null,
      actorRole: actor.role === "category_moderator" ? "moderator" : actor.role,
      action: entry.action,
      kind: KIND_OF_ACTION[entry.action],
      targetKind: entry.target.kind,
      targetId: entry.target.id,
      targetLabel: entry.target.label,
      category: entry.category !== undefined ? entry.category : categoryOf(tx, entry.target),
      reason: entry.reason ?? null,
      reports: entry.reports ?? null,
    })
    .run();
}

export type Page<T> = { items: T[]; page: number; pageCount: number; total: number };

/** Page arithmetic of the admin lists: `page` is 1-based, 50 a page. */
export function pageWindow(page: number, total: number) {
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  return { pageCount, limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE };
}

/** The log, newest first, 50 a page. */
export function listModerationLog({ page = 1 }: { page?: number } = {}): Page<ModerationEntry> {
  const db = getDb();
  const total = db.select({ n: count() }).from(moderationLog).get()?.n ?? 0;
  const { pageCount, limit, offset } = pageWindow(page, total);
  const rows = db.select().from(moderationLog).orderBy(desc(moderationLog.id)).limit(limit).offset(offset).all();
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    page,
    pageCount,
    total,
  };
}
