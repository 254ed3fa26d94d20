import { and, asc, desc, eq, sql } from "drizzle-orm";
import { heldItems, posts, users } from "#db/schema.ts";
import { notFound } from "~/lib/problem.ts";
import type { NewPostInput } from "~/rules/schemas/post-input.ts";
import { getDb } from "#db/client.server.ts";
import { createComment } from "../comment.server.ts";
import { writeTransaction, type DbOrTx } from "../db.server.ts";
import { appendModerationLog } from "../moderation-log.server.ts";
import { assertInReach, itemOf, reachWhere, requireModerator, type Staff } from "../moderation/roles.server.ts";
import { createPost } from "../post/index.server.ts";

// Posts and comments that wait for a moderator (decision 0121): what their author sees of them, the
// queue's list, and the decision. Approving writes the real post or comment (its counters and
// notifications with it, as if it were written now) and drops the held row, in one transaction;
// rejecting drops the row. Each decision is one entry of the moderation log.

type HeldRow = typeof heldItems.$inferSelect;
export type HeldView = {
  id: number;
  kind: HeldRow["kind"];
  postId: number | null;
  parentId: number | null;
  title: string | null;
  content: string;
  reason: HeldRow["reason"];
  createdAt: string;
};
export type QueuedHeld = HeldView & { author: { id: number; username: string }; postTitle: string | null };

function titleOf(row: HeldRow): string | null {
  if (row.kind !== "post" || !row.payload) return null;
  return (JSON.parse(row.payload) as { title?: string }).title ?? null;
}

export function toHeldView(row: HeldRow): HeldView {
  return { id: row.id, kind: row.kind, postId: row.postId, parentId: row.parentId, title: titleOf(row), content: row.content, reason: row.reason, createdAt: row.createdAt.toISOString() };
}

/** `userId`'s own comments waiting on post `postId` (only they see them), oldest first. */
export function heldCommentsOf(userId: number, postId: number): HeldView[] {
  return getDb()
    .select()
    .from(heldItems)
    .where(and(eq(heldItems.userId, userId), eq(heldItems.postId, postId)))
    .orderBy(asc(heldItems.id))
    .all()
    .map(toHeldView);
}

/** Everything of `userId`'s that waits (or only its posts), newest first: their standing page, their profile. */
export function heldItemsOf(userId: number, kind?: HeldRow["kind"]): HeldView[] {
  return getDb()
    .select()
    .from(heldItems)
    .where(and(eq(heldItems.userId, userId), kind ? eq(heldItems.kind, kind) : undefined))
    .orderBy(desc(heldItems.id))
    .limit(100)
    .all()
    .map(toHeldView);
}

/** The queue's waiting items, oldest first, with their authors and the post a comment answers. */
export function listHeldQueue(limit = 100, reach?: Staff): QueuedHeld[] {
  return getDb()
    .select({ item: heldItems, username: users.username, postTitle: posts.title })
    .from(heldItems)
    .innerJoin(users, eq(users.id, heldItems.userId))
    .leftJoin(posts, eq(posts.id, heldItems.postId))
    // A waiting post's category is in its payload; a waiting comment's is its post's.
    .where(reachWhere(reach, sql`coalesce(json_extract(${heldItems.payload}, '$.category'), ${posts.category})`))
    .orderBy(asc(heldItems.id))
    .limit(limit)
    .all()
    .map((r) => ({ ...toHeldView(r.item), author: { id: r.item.userId, username: r.username }, postTitle: r.postTitle }));
}

/** The category a waiting item would be filed under: a post's own, a comment's post's. */
export function heldCategory(tx: DbOrTx, row: Pick<HeldRow, "kind" | "postId" | "payload">): string | null {
  if (row.kind === "comment") return row.postId === null ? null : (tx.select({ c: posts.category }).from(posts).where(eq(posts.id, row.postId)).get()?.c ?? null);
  const category = (JSON.parse(row.payload ?? "{}") as { category?: unknown }).category;
  return typeof category === "string" ? category : null;
}

export type HeldDecision = { kind: HeldRow["kind"]; approved: boolean; publishedId: number | null };

/**
 * A moderator approves (the post or comment is written now) or rejects (it is dropped) a waiting item.
 * not_found when it was decided already; the comment's Problems (its post or parent gone, a block)
 * when approving it cannot be written, and then nothing changes.
 */
export function decideHeld({ actorId, id, approve }: { actorId: number; id: number; approve: boolean }): HeldDecision {
  return writeTransaction((tx) => {
    const moderator = requireModerator(tx, actorId);
    const row = tx.select().from(heldItems).where(eq(heldItems.id, id)).get();
    if (!row) throw notFound("This item was already decided.");
    assertInReach(moderator, row.kind === "post" ? ((JSON.parse(row.payload ?? "{}") as { category?: string }).category ?? null) : (itemOf(tx, { post: row.postId! })?.category ?? null));
    tx.delete(heldItems).where(eq(heldItems.id, id)).run();
    let publishedId: number | null = null;
    if (approve && row.kind === "comment") {
      publishedId = createComment({ userId: row.userId, postId: row.postId!, content: row.content, parentId: row.parentId, vouched: true }).id;
    } else if (approve) {
      publishedId = createPost({ userId: row.userId, ...(JSON.parse(row.payload ?? "{}") as Omit<NewPostInput, "comment">), comment: row.content }).id;
    }
    const label = (titleOf(row) ?? row.content).slice(0, 80);
    appendModerationLog(tx, {
      admin: moderator,
      action: approve ? "approve_held" : "reject_held",
      target: { kind: row.kind, id: publishedId ?? row.id, label },
      // A refused item never was a row of its own: its category is the one it was sent with.
      ...(publishedId === null ? { category: heldCategory(tx, row) } : {}),
    });
    return { kind: row.kind, approved: approve, publishedId };
  });
}
