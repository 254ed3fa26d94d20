import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { saves, votes } from "#db/schema.ts";

import type { ViewerPostState } from "~/lib/types.ts";

/**
 * The viewer's vote and saved flag for a page of posts, in two queries (never one per card).
 * Visitors get the empty state.
 */
export function getViewerPostStates({
  viewerId,
  postIds,
}: {
  viewerId: number | null | undefined;
  postIds: number[];
}): Map<number, ViewerPostState> {
  const states = new Map<number, ViewerPostState>(postIds.map((id) => [id, { myVote: null, isSaved: false }]));
  if (!viewerId || postIds.length === 0) return states;
  const db = getDb();
  for (const v of db
    .select({ postId: votes.postId, isUpvote: votes.isUpvote })
    .from(votes)
    .where(and(eq(votes.userId, viewerId), inArray(votes.postId, postIds)))
    .all()) {
    states.get(v.postId!)!.myVote = v.isUpvote ? "up" : "down";
  }
  for (const s of db
    .select({ postId: saves.postId })
    .from(saves)
    .where(and(eq(saves.userId, viewerId), inArray(saves.postId, postIds)))
    .all()) {
    states.get(s.postId)!.isSaved = true;
  }
  return states;
}
