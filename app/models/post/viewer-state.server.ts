import { and, eq, sql } from "drizzle-orm";
import { saves, votes } from "#db/schema.ts";
import type { ViewerPostState } from "~/lib/types.ts";
import { inJsonArray, prepared } from "../db.server.ts";

// Prepared once: the page's post ids go in as one JSON array, whatever their number.
const statements = prepared((db) => ({
  votes: db
    .select({ postId: votes.postId, isUpvote: votes.isUpvote })
    .from(votes)
    .where(and(eq(votes.userId, sql.placeholder("viewerId")), inJsonArray(votes.postId, "ids")))
    .prepare(),
  saves: db
    .select({ postId: saves.postId })
    .from(saves)
    .where(and(eq(saves.userId, sql.placeholder("viewerId")), inJsonArray(saves.postId, "ids")))
    .prepare(),
}));

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
  const q = statements();
  const params = { viewerId, ids: JSON.stringify(postIds) };
  for (const v of q.votes.all(params)) states.get(v.postId!)!.myVote = v.isUpvote ? "up" : "down";
  for (const s of q.saves.all(params)) states.get(s.postId)!.isSaved = true;
  return states;
}
