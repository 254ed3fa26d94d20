// The refresh job (docs/decisions/0196, docs/product.md §3 "No longer on YouTube"): it re-checks the
// comments and videos posts quote, so no fact from the Data API is kept older than YouTube's
// developer policies allow (30 days, III.E.4). A batch is claimed in one transaction (the mail
// queue's kind: a claim row per post, a lease for a process that died), checked with one videos.list
// call and one commentThreads.list by id for the top-level comments (one comments.list for replies,
// when the batch quotes any): 50 ids and 1 unit each, and written in one transaction that also
// drops the claims. What cannot be re-checked in time (the job's quota share spent) is cleared by
// the sweep at 30 days.
import { and, asc, desc, eq, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, youtubeRefreshClaims } from "#db/schema.ts";
import type { YouTubeClient } from "~/integrations/youtube/client.server.ts";
import { YouTubeError } from "~/integrations/youtube/errors.server.ts";
import { isCommentId } from "~/lib/comment-link.ts";
import type { VideoDetails } from "~/lib/video.ts";
import { UNKNOWN_VIDEO_ID, VIDEO_ID_PATTERN } from "~/lib/video-url.ts";
import { writeTransaction } from "./db.server.ts";

const DAY_MS = 86_400_000;
/** No fact from the API is kept longer than this (YouTube's developer policies, III.E.4). */
export const FACTS_MAX_AGE_MS = 30 * DAY_MS;
/** A post is due once its last check is this old: 5 days of slack before the 30 days end. */
export const REFRESH_DUE_MS = 25 * DAY_MS;
/** Posts a batch takes: what one call of each list holds. */
export const REFRESH_BATCH = 50;
/** A claim older than this belongs to a process that died mid-batch: its posts are due again. */
export const REFRESH_LEASE_MS = 10 * 60_000;
/** Posts the 30-day sweep clears per pass (it runs every tick, so a backlog goes in a few). */
const SWEEP_LIMIT = 500;

/** What the job did since this process started, for /metrics (chortle_youtube_refreshed_total). */
export const refreshCounts = { refreshed: 0, gone: 0, expired: 0 };

type Claimed = { id: number; videoId: string; youtubeCommentId: string | null };
/** What YouTube says of a quoted comment today (a reply's reply count: none, comments.list gives none). */
type CommentFacts = { likeCount: number; replyCount: number | null; publishedAt: string | null };

/** Posts whose facts are due: a real video, never checked or checked REFRESH_DUE_MS ago. */
const due = (now: number) =>
  and(
    sql`${posts.videoId} <> ${UNKNOWN_VIDEO_ID}`,
    or(isNull(posts.youtubeCheckedAt), lte(posts.youtubeCheckedAt, new Date(now - REFRESH_DUE_MS))),
  );

const liveClaim = (now: number, leaseMs: number) =>
  getDb()
    .select({ one: sql`1` })
    .from(youtubeRefreshClaims)
    .where(and(eq(youtubeRefreshClaims.postId, posts.id), sql`${youtubeRefreshClaims.claimedAt} > ${now - leaseMs}`));

/** How many posts are due now (claimed ones included): /metrics' chortle_youtube_refresh_due. */
export function refreshDue(now = Date.now()): number {
  return getDb().select({ n: sql<number>`count(*)` }).from(posts).where(due(now)).get()?.n ?? 0;
}

/**
 * Claims the next batch: the due posts nobody holds a live claim on, the site's best first (score,
 * then the oldest check), in one write transaction, so two workers never take one post.
 */
export function claimRefreshBatch({ now, leaseMs = REFRESH_LEASE_MS, limit = REFRESH_BATCH }: { now: number; leaseMs?: number; limit?: number }): Claimed[] {
  return writeTransaction((tx) => {
    const batch = tx
      .select({ id: posts.id, videoId: posts.videoId, youtubeCommentId: posts.youtubeCommentId })
      .from(posts)
      .where(and(due(now), notExists(liveClaim(now, leaseMs))))
      .orderBy(desc(posts.score), asc(posts.youtubeCheckedAt), asc(posts.id))
      .limit(limit)
      .all();
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
      const video = VIDEO_ID_PATTERN.test(post.videoId) ? videos.get(post.videoId) : undefined;
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
export async function runRefreshBatch({ client, now, leaseMs, limit }: { client: YouTubeClient; now: number; leaseMs?: number; limit?: number }): Promise<RefreshBatchResult> {
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

const FACT_COLUMNS = [posts.videoViewCount, posts.videoPublishedAt, posts.commentLikeCount, posts.commentReplyCount, posts.commentPublishedAt];

/**
 * The 30-day sweep: a post whose facts could not be re-checked in time (never checked: since it was
 * made) loses them; the quote, the video's title and the gone marks stay. Reads first, so a pass with
 * nothing to clear writes nothing. At most SWEEP_LIMIT posts a pass.
 */
export function sweepExpiredFacts(now = Date.now()): number {
  const cutoff = new Date(now - FACTS_MAX_AGE_MS);
  const expired = getDb()
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        or(lte(posts.youtubeCheckedAt, cutoff), and(isNull(posts.youtubeCheckedAt), lte(posts.createdAt, cutoff))),
        or(...FACT_COLUMNS.map((column) => sql`${column} IS NOT NULL`)),
      ),
    )
    .limit(SWEEP_LIMIT)
    .all()
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
