// The refresh job and the quota ledger (decision 0196) on the worker's real temp database, against
// the local YouTube fake through the real client: likes and views refreshed, gone marked and its
// numbers cleared, the 30-day sweep, the job's quota share kept to the unit (counted by the fake and
// by the ledger) while members' lookups go on, a new UTC day, two runners at once, a restart mid-batch.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { posts, youtubeQuota, youtubeRefreshClaims } from "#db/schema.ts";
import { FAKE_COMMENTS, FAKE_VIDEOS, FUNNY_VIDEO, fakeComment } from "../../tests/fixtures/youtube-fake.ts";
import { makePost, makeUser } from "../../tests/support/unit-factories.ts";
import { failure, useYouTubeFake } from "../../tests/support/youtube-client.ts";
import { quotaSpender, quotaSpent, type QuotaLimits } from "./youtube-quota.server.ts";
import { CANDIDATES, claimQuery, claimRefreshBatch, expiredQuery, refreshDue, REFRESH_LEASE_MS, runRefreshPass, sweepExpiredFacts } from "./youtube-refresh.server.ts";

const yt = useYouTubeFake();
const DAY = 86_400_000;
const NOON = Date.UTC(2026, 11, 7, 12);
let clock = NOON;
const now = () => clock;

/** A client on the fake whose requests spend the ledger under `limits` on the test's clock. */
const clientFor = (purpose: "share" | "refresh", limits: QuotaLimits = { daily: 1000, refresh: 300 }) =>
  yt.client({ purpose, cacheTtlMs: 0, spendQuota: quotaSpender({ now, limits }) });

/** A post quoting `commentId` on `videoId`, its facts stale: checked `checkedDaysAgo` days before the clock. */
function stalePost({ videoId = FAKE_VIDEOS.funny as string, commentId = FAKE_COMMENTS.top as string | null, checkedDaysAgo = 26 as number | null, score = 0 } = {}) {
  const post = makePost({ userId: makeUser().id, videoId, score });
  getDb()
    .update(posts)
    .set({
      youtubeCommentId: commentId,
      commentLikeCount: commentId ? 1 : null,
      commentReplyCount: commentId ? 3 : null,
      commentPublishedAt: commentId ? new Date(NOON - 400 * DAY) : null,
      videoViewCount: 5,
      videoPublishedAt: new Date(NOON - 900 * DAY),
      youtubeCheckedAt: checkedDaysAgo === null ? null : new Date(clock - checkedDaysAgo * DAY),
    })
    .where(eq(posts.id, post.id))
    .run();
  return post.id;
}
const row = (id: number) => getDb().select().from(posts).where(eq(posts.id, id)).get()!;
const commentIdNumber = (i: number) => `Ugx${String(i).padStart(4, "0")}fakeCommentId`;

beforeEach(() => {
  clock = NOON;
  getDb().delete(youtubeRefreshClaims).run();
  getDb().delete(posts).run();
  getDb().delete(youtubeQuota).run();
  yt.fake().restoreGone();
});

describe("the refresh job", () => {
  it("refreshes the views and likes of due posts, stamps the check, and leaves posts checked lately alone", async () => {
    const due = stalePost();
    const fresh = stalePost({ checkedDaysAgo: 3 });
    const before = yt.fake().quotaUsed();
    const result = await runRefreshPass({ client: clientFor("refresh"), now });
    expect(result).toMatchObject({ refreshed: 1, gone: 0, stopped: null });
    expect(row(due)).toMatchObject({
      videoViewCount: Number(FUNNY_VIDEO.viewCount),
      videoPublishedAt: new Date(FUNNY_VIDEO.publishedAt),
      commentLikeCount: fakeComment(FAKE_COMMENTS.top)!.likeCount,
      commentPublishedAt: new Date(fakeComment(FAKE_COMMENTS.top)!.publishedAt),
      commentGoneAt: null,
      videoGoneAt: null,
      youtubeCheckedAt: new Date(NOON),
    });
    expect(row(due).commentReplyCount).toBe(fakeComment(FAKE_COMMENTS.top)!.replies);
    expect(row(fresh)).toMatchObject({ videoViewCount: 5, commentLikeCount: 1, youtubeCheckedAt: new Date(NOON - 3 * DAY) });
    // One videos.list and one commentThreads.list for the batch, and the ledger says the same.
    expect(yt.fake().quotaUsed() - before).toBe(2);
    expect(quotaSpent(NOON)).toEqual({ share: 0, refresh: 2 });
    expect(refreshDue(NOON)).toBe(0);
  });

  it("refreshes a quoted reply through comments.list (its reply count, which that call does not give, is cleared)", async () => {
    const reply = stalePost({ commentId: FAKE_COMMENTS.reply });
    const top = stalePost({ commentId: FAKE_COMMENTS.withReplies });
    const before = { threads: yt.fake().quotaUsed({ endpoint: "commentThreads" }), comments: yt.fake().quotaUsed({ endpoint: "comments" }) };
    expect(await runRefreshPass({ client: clientFor("refresh"), now })).toMatchObject({ refreshed: 2, gone: 0 });
    expect(row(reply)).toMatchObject({ commentLikeCount: fakeComment(FAKE_COMMENTS.reply)!.likeCount, commentReplyCount: null, youtubeCheckedAt: new Date(NOON) });
    expect(row(top)).toMatchObject({ commentLikeCount: fakeComment(FAKE_COMMENTS.withReplies)!.likeCount, commentReplyCount: fakeComment(FAKE_COMMENTS.withReplies)!.replies });
    expect(yt.fake().quotaUsed({ endpoint: "commentThreads" }) - before.threads).toBe(1);
    expect(yt.fake().quotaUsed({ endpoint: "comments" }) - before.comments).toBe(1);
  });

  it("marks a comment or a video no longer on YouTube and clears its numbers; back on YouTube, the mark goes", async () => {
    const commentGone = stalePost({ commentId: FAKE_COMMENTS.withReplies });
    const videoGone = stalePost({ videoId: FAKE_VIDEOS.short, commentId: FAKE_COMMENTS.short });
    yt.fake().markGone({ commentId: FAKE_COMMENTS.withReplies });
    yt.fake().markGone({ videoId: FAKE_VIDEOS.short });
    expect(await runRefreshPass({ client: clientFor("refresh"), now })).toMatchObject({ refreshed: 0, gone: 2 });
    expect(row(commentGone)).toMatchObject({
      commentGoneAt: new Date(NOON),
      commentLikeCount: null,
      commentReplyCount: null,
      commentPublishedAt: null,
      videoGoneAt: null,
      videoViewCount: Number(FUNNY_VIDEO.viewCount),
    });
    expect(row(videoGone)).toMatchObject({ videoGoneAt: new Date(NOON), videoViewCount: null, videoPublishedAt: null, commentGoneAt: new Date(NOON), commentLikeCount: null });
    // The quote stays: it is the member's post.
    expect(row(commentGone).comment).not.toBe("");

    yt.fake().restoreGone();
    clock = NOON + 26 * DAY;
    expect(await runRefreshPass({ client: clientFor("refresh"), now })).toMatchObject({ refreshed: 2, gone: 0 });
    expect(row(videoGone)).toMatchObject({ videoGoneAt: null, commentGoneAt: null, videoViewCount: 987, commentLikeCount: fakeComment(FAKE_COMMENTS.short)!.likeCount });
  });

  it("clears the facts of a post it could not re-check within 30 days (its quota share spent), and nothing younger", async () => {
    const expired = stalePost({ checkedDaysAgo: 31 });
    const young = stalePost({ checkedDaysAgo: 27 });
    const before = yt.fake().quotaUsed();
    const result = await runRefreshPass({ client: clientFor("refresh", { daily: 1000, refresh: 0 }), now });
    expect(result).toMatchObject({ expired: 1, refreshed: 0, stopped: "quota" });
    expect(yt.fake().quotaUsed()).toBe(before);
    expect(row(expired)).toMatchObject({ videoViewCount: null, videoPublishedAt: null, commentLikeCount: null, commentReplyCount: null, commentPublishedAt: null });
    expect(row(expired).youtubeCheckedAt).toEqual(new Date(NOON - 31 * DAY));
    expect(row(young)).toMatchObject({ videoViewCount: 5, commentLikeCount: 1 });
    // Cleared once: a second sweep finds nothing to write.
    expect(sweepExpiredFacts(NOON)).toBe(0);
    // A post never checked counts from when it was made.
    const never = stalePost({ checkedDaysAgo: null });
    expect(sweepExpiredFacts(NOON)).toBe(0);
    expect(sweepExpiredFacts(row(never).createdAt.getTime() + 31 * DAY)).toBe(2);
  });

  it("reads at most CANDIDATES due posts a claim, through index ranges (no scan of the posts), however long the backlog", () => {
    const plan = getDb()
      .all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${claimQuery(NOON, REFRESH_LEASE_MS, 50)}`)
      .map((r) => r.detail);
    // Two index ranges (never checked; checked before the due date), each stopped at CANDIDATES rows:
    // the sort for the score order is over those, never over the site.
    expect(plan.filter((d) => /\bposts\b/.test(d))).toEqual([
      "SEARCH posts USING INDEX posts_youtube_checked_idx (youtube_checked_at=?)",
      "SEARCH posts USING INDEX posts_youtube_checked_idx (youtube_checked_at<?)",
    ]);
    expect(CANDIDATES).toBe(2_000);
  });

  it("stamps a post without a real video (typed by hand without a key) without asking YouTube or marking it gone", async () => {
    const manual = stalePost({ videoId: "unknown", commentId: null });
    const before = yt.fake().quotaUsed();
    await runRefreshPass({ client: clientFor("refresh"), now });
    expect(row(manual)).toMatchObject({ videoGoneAt: null, youtubeCheckedAt: new Date(NOON) });
    expect(yt.fake().quotaUsed()).toBe(before);
  });

  it("sweeps through the partial index of posts still holding facts (the cleared backlog is not read again)", () => {
    const plan = getDb()
      .all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${expiredQuery(NOON)}`)
      .map((r) => r.detail);
    expect(plan.filter((d) => /\bposts\b/.test(d))).toEqual([
      "SEARCH posts USING INDEX posts_api_facts_checked_idx (youtube_checked_at<?)",
      "SEARCH posts USING INDEX posts_api_facts_checked_idx (youtube_checked_at=?)",
    ]);
  });

  it("takes the most upvoted due posts first", async () => {
    const low = stalePost({ score: 1, commentId: commentIdNumber(5) });
    const high = stalePost({ score: 50, commentId: commentIdNumber(6) });
    const mid = stalePost({ score: 10, commentId: commentIdNumber(7) });
    expect(claimRefreshBatch({ now: NOON, limit: 2 }).map((p) => p.id)).toEqual([high, mid]);
    expect(claimRefreshBatch({ now: NOON, limit: 2 }).map((p) => p.id)).toEqual([low]);
  });
});

describe("the quota guard", () => {
  it("stops the job at its share to the unit, keeps members' lookups going to the day's end, and the job resumes the next day", async () => {
    const limits = { daily: 8, refresh: 3 };
    const ids = [10, 11, 12, 13].map((i) => stalePost({ commentId: commentIdNumber(i) }));
    const job = clientFor("refresh", limits);
    const member = clientFor("share", limits);
    const before = yt.fake().quotaUsed();
    // Batches of one post: 2 units each. The first is checked; the second's videos.list is the 3rd unit,
    // its commentThreads.list is refused before it is sent, and the batch is given back.
    const first = await runRefreshPass({ client: job, now, limit: 1 });
    expect(first).toMatchObject({ refreshed: 1, stopped: "quota" });
    expect(yt.fake().quotaUsed() - before).toBe(3);
    expect(quotaSpent(NOON)).toEqual({ share: 0, refresh: 3 });
    expect(await runRefreshPass({ client: job, now, limit: 1 })).toMatchObject({ refreshed: 0, stopped: "quota" });
    expect(yt.fake().quotaUsed() - before).toBe(3);
    expect(getDb().select().from(youtubeRefreshClaims).all()).toEqual([]);

    // Members have the rest of the day: 5 units, then a clear refusal; the fake saw none of it.
    for (let i = 0; i < 5; i++) await expect(member.getVideo(FAKE_VIDEOS.funny)).resolves.toMatchObject({ title: FUNNY_VIDEO.title });
    const refused = await failure(member.getVideo(FAKE_VIDEOS.funny));
    expect(refused).toMatchObject({ reason: "quotaExceeded", status: 503, message: "The YouTube API quota has been used up for today. Please try again later." });
    expect(quotaSpent(NOON)).toEqual({ share: 5, refresh: 3 });
    expect(yt.fake().quotaUsed() - before).toBe(8);

    // A new UTC day: the job goes on where it stopped.
    clock = Date.UTC(2026, 11, 8, 0, 0, 1);
    const next = await runRefreshPass({ client: job, now, limit: 1 });
    expect(next.refreshed).toBe(1);
    expect(quotaSpent(clock)).toEqual({ share: 0, refresh: 3 });
    expect(getDb().select({ id: posts.id }).from(posts).where(inArray(posts.id, ids)).all().length).toBe(4);
    expect(refreshDue(clock)).toBe(2);
  });

  it("keeps the members' reserve: the job stops when the day is spent even if its share is not", async () => {
    const limits = { daily: 4, refresh: 3 };
    stalePost();
    const member = clientFor("share", limits);
    for (let i = 0; i < 3; i++) await member.getVideo(FAKE_VIDEOS.funny);
    expect(await runRefreshPass({ client: clientFor("refresh", limits), now })).toMatchObject({ refreshed: 0, stopped: "quota" });
    expect(quotaSpent(NOON)).toEqual({ share: 3, refresh: 1 });
  });
});

describe("claims", () => {
  it("two runners at once never check one post twice", async () => {
    const commentIds = [20, 21, 22, 23, 24, 25, 26].map(commentIdNumber);
    for (const commentId of commentIds) stalePost({ commentId });
    const start = yt.requests().length;
    const [a, b] = await Promise.all([
      runRefreshPass({ client: clientFor("refresh"), now, limit: 2 }),
      runRefreshPass({ client: clientFor("refresh"), now, limit: 2 }),
    ]);
    expect(a.refreshed + b.refreshed).toBe(7);
    expect(a.refreshed).toBeGreaterThan(0);
    expect(b.refreshed).toBeGreaterThan(0);
    const asked = yt.requests().slice(start).filter((r) => r.startsWith("/youtube/v3/commentThreads?"));
    for (const id of commentIds) expect(asked.filter((r) => r.includes(id)).length).toBe(1);
  });

  it("a batch claimed by a process that died is taken again once its lease ends, and only then", async () => {
    const ids = [30, 31].map((i) => stalePost({ commentId: commentIdNumber(i) }));
    // The process claims, then dies before asking YouTube.
    expect(claimRefreshBatch({ now: NOON }).map((p) => p.id).sort()).toEqual(ids.sort());
    clock = NOON + 60_000;
    expect(await runRefreshPass({ client: clientFor("refresh"), now })).toMatchObject({ refreshed: 0 });
    expect(row(ids[0]).youtubeCheckedAt).toEqual(new Date(NOON - 26 * DAY));
    clock = NOON + REFRESH_LEASE_MS + 1;
    expect(await runRefreshPass({ client: clientFor("refresh"), now })).toMatchObject({ refreshed: 2 });
    expect(row(ids[1]).youtubeCheckedAt).toEqual(new Date(clock));
    expect(getDb().select().from(youtubeRefreshClaims).all()).toEqual([]);
  });
});
