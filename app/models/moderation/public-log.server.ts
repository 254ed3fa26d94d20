import { and, desc, eq, inArray, isNotNull, lt, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { comments, moderationLog, posts, users } from "#db/schema.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { ACTION_TEXT, REMOVED_TITLE, ROLE_TEXT, type ActorRole, type ModerationKind } from "~/rules/moderation-log-rules.ts";
import type { ModerationAction } from "#db/schema.ts";

// The public moderation log (/moderation, its feed, GET /api/moderation): the entries with a kind,
// newest first. What it shows is read from live rows, never from the entry's snapshot label: a
// removed or gone item is "[removed]", so removed text is never shown again. Nobody who reported
// is named: the log has no column for them. Cost: one index range of at most `limit + 1` entries
// (a partial index per filter: no sort, no scan past the page), then one lookup by primary key per
// kind of target for at most `limit` ids.

export type PublicEntry = {
  id: number;
  at: string;
  kind: ModerationKind;
  action: ModerationAction;
  text: string;
  /** The item now: its title (a comment: its post's), a member's name, or "[removed]". */
  title: string;
  href: string | null;
  category: string | null;
  reason: string | null;
  actor: { role: ActorRole; text: string; name: string | null };
  /** How many reports the decision closed (merged into its case). */
  reports: number | null;
};

export type PublicLogQuery = { category?: string; kind?: ModerationKind; before?: number; limit: number };
export type PublicLogPage = { entries: PublicEntry[]; next: number | null };

/** The title and link each target has now, by what it points at; absent when gone. */
function liveTargets(rows: { kind: ModerationKind; action: ModerationAction; targetKind: "user" | "post" | "comment"; targetId: number }[]) {
  const db = getDb();
  // A removal's item is gone (a post, an account) or hidden (a comment kept under its replies), and a
  // refused waiting item never was a row, nor was what a rule held or refused (the entry's id is the
  // waiting item's, or none): their ids are never looked up. What a rule flagged is published.
  const live = rows.filter((r) => r.kind !== "removal" && r.kind !== "held" && r.action !== "rule_hold" && r.action !== "rule_refuse");
  const ids = (k: string) => [...new Set(live.filter((r) => r.targetKind === k).map((r) => r.targetId))];
  const found = new Map<string, { title: string; href: string }>();
  const postIds = ids("post");
  if (postIds.length) {
    for (const p of db.select({ id: posts.id, title: posts.title }).from(posts).where(inArray(posts.id, postIds)).all()) {
      found.set(`post:${p.id}`, { title: p.title, href: `/post/${p.id}` });
    }
  }
  const commentIds = ids("comment");
  if (commentIds.length) {
    const rows = db
      .select({ id: comments.id, deletedAt: comments.deletedAt, postId: posts.id, title: posts.title })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(inArray(comments.id, commentIds))
      .all();
    for (const c of rows) {
      if (c.deletedAt === null) found.set(`comment:${c.id}`, { title: `A comment on “${c.title}”`, href: `/post/${c.postId}#comment-${c.id}` });
    }
  }
  const userIds = ids("user");
  if (userIds.length) {
    for (const u of db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds)).all()) {
      found.set(`user:${u.id}`, { title: u.username, href: `/profile/${u.id}` });
    }
  }
  return found;
}

/** A page of the public log, newest first; `next` is the `before` of the page after it. */
export function listPublicLog({ category, kind, before, limit }: PublicLogQuery): PublicLogPage {
  const where: SQL[] = [isNotNull(moderationLog.kind)];
  if (category) where.push(eq(moderationLog.category, category));
  if (kind) where.push(eq(moderationLog.kind, kind));
  if (before) where.push(lt(moderationLog.id, before));
  const rows = getDb()
    .select({
      id: moderationLog.id,
      createdAt: moderationLog.createdAt,
      kind: moderationLog.kind,
      action: moderationLog.action,
      targetKind: moderationLog.targetKind,
      targetId: moderationLog.targetId,
      category: moderationLog.category,
      reason: moderationLog.reason,
      actorRole: moderationLog.actorRole,
      adminName: moderationLog.adminName,
      reports: moderationLog.reports,
    })
    .from(moderationLog)
    .where(and(...where))
    .orderBy(desc(moderationLog.id))
    .limit(limit + 1)
    .all();
  const shown = rows.slice(0, limit).map((r) => ({ ...r, kind: r.kind! }));
  const targets = liveTargets(shown);
  const names = getEnv().MODERATION_LOG_NAMES;
  return {
    entries: shown.map((r) => {
      const target = targets.get(`${r.targetKind}:${r.targetId}`);
      const person = r.actorRole === "admin" || r.actorRole === "moderator";
      return {
        id: r.id,
        at: r.createdAt.toISOString(),
        kind: r.kind,
        action: r.action,
        text: ACTION_TEXT[r.action],
        title: target?.title ?? REMOVED_TITLE,
        href: target?.href ?? null,
        category: r.category,
        reason: r.reason,
        actor: { role: r.actorRole, text: ROLE_TEXT[r.actorRole], name: person && names ? r.adminName : null },
        reports: r.reports,
      };
    }),
    next: rows.length > limit ? shown[shown.length - 1]!.id : null,
  };
}
