// The refresh job (docs/decisions/0196, docs/product.md §3 "No longer on YouTube"): it re-checks the
// comments and videos posts quote, so no fact from the Data API is kept older than YouTube's
// developer policies allow (30 days, III.E.4). A batch is claimed in one transaction (the mail
// queue's kind: a claim row per post, a lease for a process that died), checked with one videos.list
// call and one commentThreads.list by id for the top-level comments (one comments.list for replies,
// when the batch quotes any): 50 ids and 1 unit each, and written in one transaction that also
// drops the claims. What cannot be re-checked in time (the job's quota share spent) is cleared by
// the sweep at 30 days.
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, youtubeRefreshClaims } from "#db/schema.ts";
import type { YouTubeClient } from "~/integrations/youtube/client.server.ts";
import { YouTubeError } from "~/integrations/youtube/errors.server.ts";
import { isCommentId } from "~/lib/comment-link.ts";
import type { VideoDetails } from "~/lib/video.ts";
import { VIDEO_ID_PATTERN } from "~/lib/video-url.ts";
import { writeTransaction } from "./db.server.ts";

const DAY_MS = 86_400_000;
/** No fact from the API is kept longer than this (YouTube's developer policies, III.E.4). */
const FACTS_MAX_AGE_MS = 30 * DAY_MS;
/** A post is due once its last check is this old: 5 days of slack before the 30 days end. */
const REFRESH_DUE_MS = 25 * DAY_MS;
/** Posts a batch takes: what one call of each list holds. */
const REFRESH_BATCH = 50;
/** A claim older than this belongs to a process that died mid-batch: its posts are due again. */
export const REFRESH_LEASE_MS = 10 * 60_000;
/** Posts the 30-day sweep clears per pass (it runs every pass: 57,600 a day at the default interval). */
const SWEEP_LIMIT = 200;

/** What the job did since this process started, for /metrics (chortle_youtube_refreshed_total). */
export const refreshCounts = { refreshed: 0, gone: 0, expired: 0 };

type Claimed = { id: number; videoId: string; youtubeCommentId: string | null };
/** What YouTube says of a quoted comment today (a reply's reply count: none, comments.list gives none). */
type CommentFacts = { likeCount: number; replyCount: number | null; publishedAt: string | null };

/**
 * The due posts a claim looks at: never checked (by id, the oldest first), then the longest unchecked
 * (the checked index in order), each part an index range stopped at CANDIDATES, so a claim touches at
 * most that many rows however long the backlog (after migration 0024 every post is never checked).
 */
export const CANDIDATES = 2_000;

/** Not held by a live claim (null: claimed posts count too). */
const unclaimed = (now: number, leaseMs: number | null) =>
  leaseMs === null ? sql`1` : sql`NOT EXISTS (SELECT 1 FROM ${youtubeRefreshClaims} WHERE ${youtubeRefreshClaims.postId} = ${posts.id} AND ${youtubeRefreshClaims.claimedAt} > ${now - leaseMs})`;

const candidates = (now: number, leaseMs: number | null, columns = sql`${posts.id}, ${posts.videoId} AS videoId, ${posts.youtubeCommentId} AS youtubeCommentId, ${posts.score} AS score, ${posts.youtubeCheckedAt} AS checkedAt`) => sql`
  SELECT * FROM (SELECT ${columns} FROM ${posts} WHERE ${posts.youtubeCheckedAt} IS NULL AND ${unclaimed(now, leaseMs)} ORDER BY ${posts.id} LIMIT ${CANDIDATES})
  UNION ALL
  SELECT * FROM (SELECT ${columns} FROM ${posts} WHERE ${posts.youtubeCheckedAt} <= ${now - REFRESH_DUE_MS} AND ${unclaimed(now, leaseMs)} ORDER BY ${posts.youtubeCheckedAt} LIMIT ${CANDIDATES})
  LIMIT ${CANDIDATES}`;

/** Posts due now (claimed ones too), counted up to CANDIDATES (/metrics' chortle_youtube_refresh_due: a bound, not a scan of the site). */
export function refreshDue(now = Date.now()): number {
  return getDb().get<{ n: number }>(sql`SELECT count(*) AS n FROM (${candidates(now, null, sql`1`)})`)?.n ?? 0;
}

/** The claim's read (exported for the test of its plan: index ranges only, no scan of posts). */
export const claimQuery = (now: number, leaseMs: number, limit: number) =>
  sql`SELECT id, videoId, youtubeCommentId FROM (${candidates(now, leaseMs)}) ORDER BY score DESC, checkedAt ASC, id ASC LIMIT ${limit}`;

/**
 * Claims the next batch: of the CANDIDATES longest-waiting due posts nobody holds a live claim on,
 * the site's best first (score, then the oldest check), in one write transaction, so two workers
 * never take one post. While the due posts are fewer than CANDIDATES (the steady state: a 25th of
 * the site a day) that is the best of all due posts; in a larger backlog, the best of its oldest part.
 */
export function claimRefreshBatch({ now, leaseMs = REFRESH_LEASE_MS, limit = REFRESH_BATCH }: { now: number; leaseMs?: number; limit?: number }): Claimed[] {
  return writeTransaction((tx) => {
    const batch = tx.all<Claimed>(claimQuery(now, leaseMs, limit));
    if (batch.length === 0) return [];
    tx.insert(youtubeRefreshClaims)
      .values(batch.map((p) => ({ postId: p.id, claimedAt: new Date(now) })))
      .onConflictDoUpdate({ target: youtubeRefreshClaims.postId, set: { claimedAt: new Date(now) } })
      .run();
    return batch;
  });
}

/** Gives a batch back (YouTube failed or the quota share is spent): its posts are due at once again. */
function releaseClaims(batch: Claimed[], claimedAt: number) {
  writeTransaction((tx) => {
    tx.delete(youtubeRefreshClaims)
      .where(and(inArray(youtubeRefreshClaims.postId, batch.map((p) => p.id)), eq(youtubeRefreshClaims.claimedAt, new Date(claimedAt))))
      .run();
  });
}

/**
 * Writes a checked batch in one transaction: a video YouTube has gets its numbers (and loses a gone
 * mark), one it no longer has is marked gone and loses its numbers; the same for the quoted comment
 * (a reply's reply count, which comments.list does not give, is cleared, not kept past its date). Only posts still
 * claimed by this batch are written (a claim taken over after the lease is the other batch's).
 */
function applyBatch(batch: Claimed[], claimedAt: number, now: number, videos: Map<string, VideoDetails>, comments: Map<string, CommentFacts>) {
  const at = new Date(now);
  return writeTransaction((tx) => {
    const mine = new Set(
      tx
        .delete(youtubeRefreshClaims)
        .where(and(inArray(youtubeRefreshClaims.postId, batch.map((p) => p.id)), eq(youtubeRefreshClaims.claimedAt, new Date(claimedAt))))
        .returning({ postId: youtubeRefreshClaims.postId })
        .all()
        .map((r) => r.postId),
    );
    let refreshed = 0;
    let gone = 0;
    for (const post of batch) {
      if (!mine.has(post.id)) continue;
      // A post without a real video (typed by hand without a key: 'unknown') has nothing to ask: stamped only.
      if (!VIDEO_ID_PATTERN.test(post.videoId)) {
        tx.update(posts).set({ youtubeCheckedAt: at }).where(eq(posts.id, post.id)).run();
        continue;
      }
      const video = videos.get(post.videoId);
      const comment = post.youtubeCommentId ? comments.get(post.youtubeCommentId) : undefined;
      const videoFacts = video
        ? { videoGoneAt: null, videoViewCount: video.viewCount, videoPublishedAt: video.publishedAt ? new Date(video.publishedAt) : null }
        : { videoGoneAt: sql`coalesce(${posts.videoGoneAt}, ${now})`, videoViewCount: null, videoPublishedAt: null };
      const commentFacts = !post.youtubeCommentId
        ? {}
        : comment && video
          ? { commentGoneAt: null, commentLikeCount: comment.likeCount, commentReplyCount: comment.replyCount, commentPublishedAt: comment.publishedAt ? new Date(comment.publishedAt) : null }
          : { commentGoneAt: sql`coalesce(${posts.commentGoneAt}, ${now})`, commentLikeCount: null, commentReplyCount: null, commentPublishedAt: null };
      tx.update(posts).set({ ...videoFacts, ...commentFacts, youtubeCheckedAt: at }).where(eq(posts.id, post.id)).run();
      if (!video || (post.youtubeCommentId && !comment)) gone++;
      else refreshed++;
    }
    return { refreshed, gone };
  });
}

export type RefreshBatchResult = { claimed: number; refreshed: number; gone: number; stopped: null | "quota" | "failed" };

/**
 * One batch: claim, ask YouTube (through `client`, whose requests spend the "refresh" share), write.
 * When the quota guard refuses or YouTube fails, the claims are given back and nothing is written;
 * a videos.list already answered when the comments' call is refused is the one unit the stop costs.
 */
async function runRefreshBatch({ client, now, leaseMs, limit }: { client: YouTubeClient; now: number; leaseMs?: number; limit?: number }): Promise<RefreshBatchResult> {
  const batch = claimRefreshBatch({ now, leaseMs, limit });
  if (batch.length === 0) return { claimed: 0, refreshed: 0, gone: 0, stopped: null };
  let videos: Map<string, VideoDetails>;
  let comments: Map<string, CommentFacts>;
  try {
    videos = await client.getVideosById(batch.map((p) => p.videoId).filter((id) => VIDEO_ID_PATTERN.test(id)));
    // A top-level comment through its thread (likes and replies), a reply through comments.list.
    const commentIds = batch.flatMap((p) => (p.youtubeCommentId && isCommentId(p.youtubeCommentId) ? [p.youtubeCommentId] : []));
    const threads = await client.getThreadsById(commentIds.filter((id) => !id.includes(".")));
    const replies = await client.getCommentsById(commentIds.filter((id) => id.includes(".")));
    comments = new Map<string, CommentFacts>([
      ...threads.map((c) => [c.id, { likeCount: c.likeCount, replyCount: c.replyCount ?? null, publishedAt: c.publishedAt || null }] as const),
      ...replies.map((c) => [c.id, { likeCount: c.likeCount, replyCount: null, publishedAt: c.publishedAt }] as const),
    ]);
  } catch (error) {
    releaseClaims(batch, now);
    if (error instanceof YouTubeError) {
      if (error.reason !== "quotaExceeded") console.warn(`youtube refresh: ${error.reason}: ${error.message}`);
      return { claimed: batch.length, refreshed: 0, gone: 0, stopped: error.reason === "quotaExceeded" ? "quota" : "failed" };
    }
    throw error;
  }
  const { refreshed, gone } = applyBatch(batch, now, now, videos, comments);
  refreshCounts.refreshed += refreshed;
  refreshCounts.gone += gone;
  return { claimed: batch.length, refreshed, gone, stopped: null };
}

/** Holds a fact from the API: the WHERE of posts_api_facts_checked_idx, written the same way so SQLite uses it. */
const holdsFacts = sql`(${posts.videoViewCount} IS NOT NULL OR ${posts.videoPublishedAt} IS NOT NULL OR ${posts.commentLikeCount} IS NOT NULL OR ${posts.commentReplyCount} IS NOT NULL OR ${posts.commentPublishedAt} IS NOT NULL)`;

/** The sweep's read (exported for the test of its plan): the partial index's two ranges, SWEEP_LIMIT rows at most. */
export const expiredQuery = (now: number) => {
  const cutoff = now - FACTS_MAX_AGE_MS;
  return sql`SELECT id FROM (
    SELECT * FROM (SELECT ${posts.id} FROM ${posts} WHERE ${holdsFacts} AND ${posts.youtubeCheckedAt} <= ${cutoff} LIMIT ${SWEEP_LIMIT})
    UNION ALL
    SELECT * FROM (SELECT ${posts.id} FROM ${posts} WHERE ${holdsFacts} AND ${posts.youtubeCheckedAt} IS NULL AND ${posts.createdAt} <= ${cutoff} LIMIT ${SWEEP_LIMIT})
  ) LIMIT ${SWEEP_LIMIT}`;
};

/**
 * The 30-day sweep: a post whose facts could not be re-checked in time (never checked: since it was
 * made) loses them; the quote, the video's title and the gone marks stay. It reads through the partial
 * index of posts still holding facts, so it touches the posts it clears (and never-checked ones younger
 * than 30 days, which the job checks first), not the backlog cleared before. Reads first, so a pass
 * with nothing to clear writes nothing. At most SWEEP_LIMIT posts a pass.
 */
export function sweepExpiredFacts(now = Date.now()): number {
  const expired = getDb()
    .all<{ id: number }>(expiredQuery(now))
    .map((r) => r.id);
  if (expired.length === 0) return 0;
  writeTransaction((tx) => {
    tx.update(posts)
      .set({ videoViewCount: null, videoPublishedAt: null, commentLikeCount: null, commentReplyCount: null, commentPublishedAt: null })
      .where(inArray(posts.id, expired))
      .run();
  });
  refreshCounts.expired += expired.length;
  return expired.length;
}

/**
 * One pass of the job: the sweep, then batches until nothing is due, the quota share is spent,
 * YouTube fails, or `maxBatches` (a bound on one pass: 50 × maxBatches posts).
 */
export async function runRefreshPass({
  client,
  now = Date.now,
  maxBatches = 20,
  leaseMs,
  limit,
}: {
  client: YouTubeClient;
  now?: () => number;
  maxBatches?: number;
  leaseMs?: number;
  /** Posts a batch (REFRESH_BATCH by default). */
  limit?: number;
}) {
  const expired = sweepExpiredFacts(now());
  let refreshed = 0;
  let gone = 0;
  let stopped: RefreshBatchResult["stopped"] = null;
  for (let i = 0; i < maxBatches && !stopped; i++) {
    const result = await runRefreshBatch({ client, now: now(), leaseMs, limit });
    refreshed += result.refreshed;
    gone += result.gone;
    stopped = result.stopped;
    if (result.claimed === 0) break;
  }
  return { expired, refreshed, gone, stopped };
}
