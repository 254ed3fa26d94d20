import { count, desc } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { moderationLog, type ModerationAction, type MODERATION_TARGETS } from "#db/schema.ts";
import { ADMIN_PAGE_SIZE } from "~/rules/schemas/admin.ts";
import type { DbOrTx } from "./db.server.ts";

// The moderation log: every admin action appends one row, in the transaction of the action itself; so
// does every action of an admin's rule (its actor: `ruleId`, with no admin).
// The table has no foreign keys (an entry outlives whom and what it names) and its triggers refuse
// UPDATE and DELETE: nothing in the site edits or removes an entry.

export type Moderator = { id: number; username: string };

export type ModerationEntry = {
  id: number;
  createdAt: string;
  /** The acting admin, or null when a rule acted (`ruleId`). */
  adminId: number | null;
  adminName: string | null;
  ruleId: number | null;
  action: ModerationAction;
  targetKind: (typeof MODERATION_TARGETS)[number];
  targetId: number;
  targetLabel: string;
  reason: string | null;
};

/** Appends one entry; call it inside the transaction of the action it records. An admin's or moderator's, or a rule's. */
export function appendModerationLog(
  tx: DbOrTx,
  entry: {
    admin: Moderator | { ruleId: number };
    action: ModerationAction;
    target: { kind: (typeof MODERATION_TARGETS)[number]; id: number; label: string };
    reason?: string | null;
  },
) {
  tx.insert(moderationLog)
    .values({
      ...("ruleId" in entry.admin ? { ruleId: entry.admin.ruleId } : { adminId: entry.admin.id, adminName: entry.admin.username }),
      action: entry.action,
      targetKind: entry.target.kind,
      targetId: entry.target.id,
      targetLabel: entry.target.label,
      reason: entry.reason ?? null,
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
