// Blocks: who hid whom (docs/decisions/0149). The rows, the follows a block ends (with their counters,
// in the same transaction), the one question every notice asks (`mayNotify`), and the blocker's list
// of hidden authors that the feeds and threads read per viewer.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { blocks, follows, users } from "#db/schema.ts";
import { forbidden, invalid, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { BLOCKED_INTERACTION, SELF_BLOCK, type BlockedMember, type BlockState } from "~/rules/interactions/block-member.ts";
import { versionedCache } from "./data-version.server.ts";
import { prepared, writeTransaction, type DbOrTx } from "./db.server.ts";

type BlockInput = { blockerId: number; blockedId: number };

function requireBoth(tx: DbOrTx, { blockerId, blockedId }: BlockInput) {
  if (blockerId === blockedId) throw invalid(SELF_BLOCK);
  const found = tx.select({ id: users.id }).from(users).where(inArray(users.id, [blockerId, blockedId])).all();
  if (found.length < 2) throw notFound(NOT_FOUND.user);
}

/** Ends a follow, if there is one, with its two counters. */
function endFollow(tx: DbOrTx, followerId: number, followingId: number) {
  const removed = tx.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId))).run().changes;
  if (!removed) return;
  tx.update(users).set({ followersCount: sql`${users.followersCount} - 1` }).where(eq(users.id, followingId)).run();
  tx.update(users).set({ followingCount: sql`${users.followingCount} - 1` }).where(eq(users.id, followerId)).run();
}

/**
 * `blockerId` blocks `blockedId` (twice changes nothing). The follows between the two end with it
 * (a blocked member cannot go on following the blocker, nor the blocker them). Problems: invalid
 * (yourself), not_found (no such member). Blocking an admin is allowed: it does not touch moderation.
 */
export function blockUser(input: BlockInput): BlockState {
  return writeTransaction((tx) => {
    requireBoth(tx, input);
    tx.insert(blocks).values(input).onConflictDoNothing().run();
    endFollow(tx, input.blockerId, input.blockedId);
    endFollow(tx, input.blockedId, input.blockerId);
    return { blocked: true };
  });
}

/** Unblocks (twice changes nothing); the same Problems as blockUser. */
export function unblockUser(input: BlockInput): BlockState {
  return writeTransaction((tx) => {
    requireBoth(tx, input);
    tx.delete(blocks).where(and(eq(blocks.blockerId, input.blockerId), eq(blocks.blockedId, input.blockedId))).run();
    return { blocked: false };
  });
}

/** Whether either of the two members blocked the other (one indexed query). */
function isBlockedEitherWay(a: number, b: number): boolean {
  if (a === b) return false;
  return Boolean(
    getDb()
      .select({ id: blocks.blockerId })
      .from(blocks)
      .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
      .get(),
  );
}

/**
 * The one check of every notice (replies, follows, votes, mentions …): false when the recipient and
 * the actor are blocked either way. Runs on the one connection, so inside the caller's transaction.
 */
export function mayNotify(recipientId: number | null, actorId: number | null): boolean {
  if (recipientId === null || actorId === null) return true;
  return !isBlockedEitherWay(recipientId, actorId);
}

/**
 * The rule for replies, follows and mentions between two members: 403 'You can't interact with this
 * member.' when either blocked the other. Admins' moderation never asks it.
 */
export function assertMayInteract({ actorId, targetId }: { actorId: number; targetId: number | null }): void {
  if (targetId !== null && isBlockedEitherWay(actorId, targetId)) throw forbidden(BLOCKED_INTERACTION);
}

/** Whether `blockerId` blocked `blockedId` (the profile's button). */
export function hasBlocked({ blockerId, blockedId }: { blockerId: number | null | undefined; blockedId: number }): boolean {
  if (!blockerId) return false;
  return blockedBy(blockerId).has(blockedId);
}

// The members each viewer blocked, read on every feed page and thread: kept per viewer until this
// worker writes a block (lag 0) or another worker commits anything (lag 0: blocks must hide at once).
const blockedSets = versionedCache<number, ReadonlySet<number>>({ name: "blocked", tables: ["blocks"], staleMs: 0, maxWeight: 10_000 });
const blockedIds = prepared((db) =>
  db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, sql.placeholder("viewerId"))).prepare(),
);

/** The ids `viewerId` blocked (empty for visitors). Shared: read it, never change it. */
export function blockedBy(viewerId: number | null | undefined): ReadonlySet<number> {
  if (!viewerId) return EMPTY;
  return blockedSets.get(viewerId, () =>
    new Set(blockedIds().all({ viewerId }).map((r) => r.id)),
  );
}
const EMPTY: ReadonlySet<number> = new Set();

/** The blocker's list, the newest block first (the about tab, GET /api/me/blocks). */
export function listBlocks({ userId }: { userId: number }): BlockedMember[] {
  return getDb()
    .select({ id: users.id, username: users.username, displayName: users.displayName, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .all()
    .map((r) => ({ ...r, displayName: r.displayName ?? r.username, blockedAt: r.blockedAt.toISOString() }));
}
