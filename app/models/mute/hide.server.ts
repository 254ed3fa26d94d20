// Hiding posts (decision 0125): 'Hide' on a card, the Hidden tab that undoes it, the posts a member
// opened (read once its page was opened) and 'Hide what I've read'. The lists leave them out in their
// SQL (muted-sql.server.ts); a hidden post stays reachable by its link.
import { and, desc, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { hiddenPosts, listSettings, postReads, posts } from "#db/schema.ts";
import type { PostView } from "~/lib/browse.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { listPostsByIds } from "../post/read.server.ts";
import { prepared, writeTransaction } from "../db.server.ts";
import { notePersonalWrite } from "../data-version.server.ts";


export type HideState = { hidden: boolean };

function requirePost(postId: number) {
  if (!getDb().select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).get()) throw notFound(NOT_FOUND.post);
}

/** Hides a post from the member's lists (twice changes nothing); not_found for no such post. */
export function hidePost({ userId, postId }: { userId: number; postId: number }): HideState {
  return writeTransaction((tx) => {
    requirePost(postId);
    tx.insert(hiddenPosts).values({ userId, postId }).onConflictDoNothing().run();
    return { hidden: true };
  });
}

/** Shows a hidden post again (twice changes nothing); not_found for no such post. */
export function unhidePost({ userId, postId }: { userId: number; postId: number }): HideState {
  return writeTransaction((tx) => {
    requirePost(postId);
    tx.delete(hiddenPosts).where(and(eq(hiddenPosts.userId, userId), eq(hiddenPosts.postId, postId))).run();
    return { hidden: false };
  });
}

const hiddenPage = prepared((db) =>
  db
    .select({ id: hiddenPosts.postId })
    .from(hiddenPosts)
    .where(eq(hiddenPosts.userId, sql.placeholder("userId")))
    .orderBy(desc(hiddenPosts.createdAt), desc(hiddenPosts.postId))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

/** The Hidden tab: the posts the member hid, the latest first (the only list that shows them). */
export function listHiddenPosts({ userId, limit, offset = 0 }: { userId: number; limit: number; offset?: number }): PostView[] {
  const ids = hiddenPage()
    .all({ userId, limit, offset })
    .map((r) => r.id);
  return listPostsByIds({ ids, viewerId: userId, muted: false });
}

const markRead = prepared((db) =>
  db.insert(postReads).values({ userId: sql.placeholder("userId"), postId: sql.placeholder("postId") }).onConflictDoNothing().prepare(),
);

/**
 * The member opened the post's page: it counts as read from now on (a post page's loader calls it;
 * once read, opening it again writes nothing). Only this member's lists read it: the row moves their
 * version, not the one every page depends on (data-version.server.ts, decision 0165).
 */
export function recordPostRead({ userId, postId }: { userId: number; postId: number }): void {
  notePersonalWrite(userId, markRead().run({ userId, postId }).changes);
}

/** 'Hide what I've read' on or off. */
export function setHideRead({ userId, on }: { userId: number; on: boolean }): { hideRead: boolean } {
  return writeTransaction((tx) => {
    tx.insert(listSettings).values({ userId, hideRead: on }).onConflictDoUpdate({ target: listSettings.userId, set: { hideRead: on } }).run();
    return { hideRead: on };
  });
}
