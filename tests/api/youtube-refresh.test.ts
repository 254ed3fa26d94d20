// The refresh job and the quota guard in the built server (decision 0196): two workers run the job on
// one database and never ask YouTube about one post twice; it spends what the ledger says (counted by
// the fake too); a post whose comment or video is gone answers without its numbers; once the day's
// quota is spent, a member's lookup is refused with the product's message; /metrics says all of it.
import { and, eq, inArray } from "drizzle-orm";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, youtubeQuota } from "#db/schema.ts";
import { quotaSpent, utcDay } from "~/models/youtube-quota.server.ts";
import { refreshDue } from "~/models/youtube-refresh.server.ts";
import { FAKE_VIDEOS, FAKE_YOUTUBE_KEY, fakeComment, startYouTubeFake, type YouTubeFake } from "../fixtures/youtube-fake.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

const DAY = 86_400_000;
const QUOTA_MESSAGE = "The YouTube API quota has been used up for today. Please try again later.";
const commentId = (i: number) => `Ugx${String(i).padStart(4, "0")}fakeCommentId`;
// 120 posts: three batches of at most 50, one videos.list and one commentThreads.list by id each.
const COUNT = 120;

let fake: YouTubeFake;
let api: ApiClient;
let ids: number[];
let goneComment: number;
let goneVideo: number;
let metricsUrl: string;

beforeAll(async () => {
  fake = await startYouTubeFake();
  // The server starts on this worker's database: the posts are there, due, before its job runs.
  const { makePost, makeUser } = await import("../support/unit-factories.ts");
  const { getDb } = await import("#db/client.server.ts");
  const author = makeUser();
  ids = Array.from({ length: COUNT }, (_, i) => {
    const post = makePost({ userId: author.id, videoId: i === 0 ? FAKE_VIDEOS.short : FAKE_VIDEOS.funny, title: `Refresh ${i}` });
    getDb()
      .update(posts)
      .set({ youtubeCommentId: commentId(i + 1), commentLikeCount: 1, commentReplyCount: 99, videoViewCount: 5, youtubeCheckedAt: new Date(Date.now() - 26 * DAY) })
      .where(eq(posts.id, post.id))
      .run();
    return post.id;
  });
  [goneVideo, goneComment] = ids;
  fake.markGone({ videoId: FAKE_VIDEOS.short });
  fake.markGone({ commentId: commentId(2) });
  api = await startApiServer({
    WORKERS: "2",
    METRICS_PORT: "0",
    YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY,
    YOUTUBE_API_BASE_URL: fake.apiBaseUrl,
    YOUTUBE_OEMBED_URL: fake.oembedUrl,
    YOUTUBE_DAILY_QUOTA: "20",
    YOUTUBE_REFRESH_SHARE: "0.5",
    YOUTUBE_REFRESH_INTERVAL_MS: "150",
  });
  metricsUrl = /Metrics on (http:\/\/[^\s"]+)/.exec(api.server.logs())![1];
  // Both workers' jobs run until nothing is due (what they did is checked below, not how fast).
  const until = Date.now() + 60_000;
  while (refreshDue() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  await api?.stop();
  await fake?.stop();
});

describe("the refresh job in two workers", () => {
  it("checks every post once, in batches of 50, spending what the ledger counts", () => {
    const rows = api.db.select().from(posts).where(inArray(posts.id, ids)).all();
    expect(rows.filter((r) => r.youtubeCheckedAt!.getTime() > Date.now() - DAY)).toHaveLength(COUNT);
    const asked = fake.requests.filter((r) => r.startsWith("/youtube/v3/commentThreads?") && new URLSearchParams(r.split("?")[1]).has("id"));
    expect(asked).toHaveLength(3);
    for (let i = 1; i <= COUNT; i++) expect(asked.filter((r) => r.includes(commentId(i))), commentId(i)).toHaveLength(1);
    expect(fake.quotaUsed()).toBe(6);
    expect(quotaSpent()).toEqual({ share: 0, refresh: 6 });
  });

  it("answers a post whose comment or video is gone without their numbers", async () => {
    const answer = (id: number) => api.fetch(`/api/posts/${id}`).then((res) => res.json() as Promise<Record<string, unknown>>);
    const video = await answer(goneVideo);
    expect(video.videoViewCount).toBeNull();
    // The quote stays: it is the member's post.
    expect(video.comment).toBe(api.db.select().from(posts).where(eq(posts.id, goneVideo)).get()!.comment);
    const comment = await answer(goneComment);
    expect(comment.videoViewCount).toBe(1234567);
    // The JSON row does not carry the comment's facts in this tree: the columns say it.
    for (const key of ["commentLikeCount", "likeCount", "commentReplyCount"]) expect(comment[key] ?? null).toBeNull();
    const stored = api.db.select().from(posts).where(inArray(posts.id, [goneVideo, goneComment])).all();
    for (const row of stored) expect(row).toMatchObject({ commentLikeCount: null, commentReplyCount: null, commentPublishedAt: null });
    expect(stored.every((row) => row.commentGoneAt !== null)).toBe(true);
    const kept = api.db.select().from(posts).where(eq(posts.id, ids[5])).get()!;
    expect(kept).toMatchObject({ commentGoneAt: null, commentLikeCount: fakeComment(commentId(6))!.likeCount, commentReplyCount: fakeComment(commentId(6))!.replies });
  });

  it("refuses a member's lookup with the product's message once the day's quota is spent, and not before", async () => {
    const member = await api.user();
    const ok = await api.fetch(`/api/youtube/video/${FAKE_VIDEOS.funny}`, { user: member });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    expect(quotaSpent().share).toBe(2);
    // The rest of the day spent by members: the next lookup never reaches YouTube.
    api.db.update(youtubeQuota).set({ units: 14 }).where(and(eq(youtubeQuota.day, utcDay(Date.now())), eq(youtubeQuota.purpose, "share"))).run();
    const before = fake.quotaUsed();
    const refused = await api.fetch(`/api/youtube/video/${FAKE_VIDEOS.commentsDisabled}`, { user: member });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ message: QUOTA_MESSAGE });
    // A share names a video the server must look up: refused as when YouTube fails (§8), nothing stored.
    const share = await api.fetch("/api/posts", {
      method: "POST",
      user: member,
      json: { title: "Over the quota", comment: "A quote typed by hand", commentAuthor: "@someone", videoId: FAKE_VIDEOS.short, category: "Comedy" },
    });
    expect(share.status).toBe(503);
    expect(await share.json()).toMatchObject({ message: "Failed to fetch video details" });
    expect(api.db.select().from(posts).where(eq(posts.title, "Over the quota")).all()).toEqual([]);
    expect(fake.quotaUsed()).toBe(before);
  });

  it("reports the ledger, the posts due and the job's results in /metrics, summed over both workers", async () => {
    const text = await (await fetch(metricsUrl)).text();
    const families = parsePrometheusTextFormat(text);
    const value = (name: string, labels: Record<string, string> = {}) =>
      Number(families.find((f) => f.name === name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value);
    expect(value("chortle_youtube_quota_units", { purpose: "refresh" })).toBe(6);
    expect(value("chortle_youtube_quota_units", { purpose: "share" })).toBe(quotaSpent().share);
    expect(value("chortle_youtube_refresh_due")).toBe(0);
    expect(value("chortle_youtube_refreshed_total", { result: "refreshed" })).toBe(COUNT - 2);
    expect(value("chortle_youtube_refreshed_total", { result: "gone" })).toBe(2);
  });
});
