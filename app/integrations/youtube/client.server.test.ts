// The YouTube client against a local fake: what it reads from videos.list, commentThreads.list and
// oEmbed (without a key), and what its cache keeps. Failures are in errors.server.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_COMMENTS,
  FAKE_VIDEOS,
  FAKE_YOUTUBE_KEY,
  fakeComment,
  FUNNY_VIDEO,
  TOP_COMMENT,
} from "../../../tests/fixtures/youtube-fake.ts";
import { freePort } from "../../../tests/support/server.ts";
import { failure, useYouTubeFake } from "../../../tests/support/youtube-client.ts";
import { setMemoForTests } from "../env.server.ts";
import { htmlToText } from "./mapping.server.ts";

const { client, countRequests, requests, fake } = useYouTubeFake();

describe("videos.list", () => {
  it("reads the details, turning string statistics into numbers", async () => {
    const video = await client().getVideo(FAKE_VIDEOS.funny);
    expect(video).toEqual({
      id: FAKE_VIDEOS.funny,
      title: FUNNY_VIDEO.title,
      channelTitle: FUNNY_VIDEO.channelTitle,
      thumbnail: `https://i.ytimg.com/vi/${FAKE_VIDEOS.funny}/hqdefault.jpg`,
      viewCount: 1234567,
      publishedAt: FUNNY_VIDEO.publishedAt,
    });
    const call = requests().findLast((r) => r.startsWith("/youtube/v3/videos"))!;
    const params = new URL(call, "http://x").searchParams;
    expect(params.get("part")).toBe("snippet,statistics");
    expect(params.get("id")).toBe(FAKE_VIDEOS.funny);
    expect(params.get("key")).toBe(FAKE_YOUTUBE_KEY);
  });

});

describe("commentThreads.list", () => {
  it("asks for plain text and prefers textOriginal over the HTML textDisplay", async () => {
    const page = await client().getComments({ videoId: FAKE_VIDEOS.funny });
    expect(page.comments).toHaveLength(100);
    expect(page.nextPageToken).toEqual(expect.any(String));
    expect(page.comments[0]).toEqual({
      id: expect.any(String),
      text: TOP_COMMENT.textOriginal,
      authorDisplayName: TOP_COMMENT.author,
      authorProfileImageUrl: expect.stringMatching(/^https:\/\//),
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      likeCount: 9000,
      replyCount: 0,
    });
    expect(page.comments[1].text).toBe("Funny comment number 2: the cat saw the cucumber.\nI laughed 2 times.");
    const call = requests().findLast((r) => r.startsWith("/youtube/v3/commentThreads"))!;
    const params = Object.fromEntries(new URL(call, "http://x").searchParams);
    expect(params).toMatchObject({
      part: "snippet",
      videoId: FAKE_VIDEOS.funny,
      order: "relevance",
      maxResults: "100",
      textFormat: "plainText",
      key: FAKE_YOUTUBE_KEY,
    });
    expect(params.pageToken).toBeUndefined();
  });

  it("falls back to textDisplay as text when textOriginal is missing", async () => {
    const page = await client().getComments({ videoId: FAKE_VIDEOS.short });
    expect(page.comments.map((c) => c.text)).toEqual([
      "This video cured my Monday.",
      "Old answer with <b>entities</b>\nand a line break & more",
      "Third and last comment.",
    ]);
    expect(page.nextPageToken).toBeNull();
  });

  it("pages with nextPageToken until the last page, which has none", async () => {
    const c = client();
    const first = await c.getComments({ videoId: FAKE_VIDEOS.funny, order: "time" });
    const second = await c.getComments({ videoId: FAKE_VIDEOS.funny, order: "time", pageToken: first.nextPageToken });
    const third = await c.getComments({ videoId: FAKE_VIDEOS.funny, order: "time", pageToken: second.nextPageToken });
    expect([first, second, third].map((p) => p.comments.length)).toEqual([100, 100, 30]);
    expect(third.nextPageToken).toBeNull();
    const ids = new Set([first, second, third].flatMap((p) => p.comments.map((c) => c.id)));
    expect(ids.size).toBe(230);
    // time order is newest first, so it starts elsewhere than relevance
    expect(first.comments[0].text).toMatch(/^Funny comment number 230:/);
    expect(third.comments.at(-1)?.text).toBe(TOP_COMMENT.textOriginal);
  });

  it("honours maxResults within 1..100", async () => {
    const c = client();
    expect((await c.getComments({ videoId: FAKE_VIDEOS.funny, maxResults: 5 })).comments).toHaveLength(5);
    await c.getComments({ videoId: FAKE_VIDEOS.short, maxResults: 1000 });
    expect(requests().findLast((r) => r.includes(FAKE_VIDEOS.short))).toContain("maxResults=100");
  });

});

describe("commentThreads.list with searchTerms", () => {
  it("sends the words and gets only the threads that hold them, paging within the search", async () => {
    const c = client();
    const numbers = (p: { comments: { text: string }[] }) => p.comments.map((x) => x.text.split(":")[0].replace("Funny comment number ", ""));
    const page = await c.getComments({ videoId: FAKE_VIDEOS.funny, searchTerms: "LAUGHED  times", maxResults: 5 });
    expect(numbers(page)).toEqual(["2", "3", "4", "5", "6"]);
    const call = requests().findLast((r) => r.startsWith("/youtube/v3/commentThreads"))!;
    expect(new URL(call, "http://x").searchParams.get("searchTerms")).toBe("LAUGHED  times");
    const next = await c.getComments({ videoId: FAKE_VIDEOS.funny, searchTerms: "LAUGHED  times", maxResults: 5, pageToken: page.nextPageToken });
    expect(numbers(next)).toEqual(["7", "8", "9", "10", "11"]);
    const crying = await c.getComments({ videoId: FAKE_VIDEOS.funny, searchTerms: "crying" });
    expect(crying.comments.map((x) => x.text)).toEqual([TOP_COMMENT.textOriginal]);
    expect((await c.getComments({ videoId: FAKE_VIDEOS.funny, searchTerms: "no such words" })).comments).toEqual([]);
  });

  it("sends no searchTerms when there are none, and keeps searches apart in the cache", async () => {
    const c = client();
    await c.getComments({ videoId: FAKE_VIDEOS.short, searchTerms: "  " });
    expect(requests().findLast((r) => r.startsWith("/youtube/v3/commentThreads"))).not.toContain("searchTerms");
    const monday = await c.getComments({ videoId: FAKE_VIDEOS.short, searchTerms: "monday" });
    expect(monday.comments.map((x) => x.authorDisplayName)).toEqual(["@monday_hater"]);
  });
});

describe("comments.list by id", () => {
  it("reads top-level comments and replies (ids with a dot), 1 unit for the call", async () => {
    const before = fake().quotaUsed({ endpoint: "comments" });
    const found = await client().getCommentsById([FAKE_COMMENTS.top, FAKE_COMMENTS.reply]);
    expect(fake().quotaUsed({ endpoint: "comments" }) - before).toBe(1);
    const top = fakeComment(FAKE_COMMENTS.top)!;
    expect(found).toEqual([
      { id: FAKE_COMMENTS.top, text: TOP_COMMENT.textOriginal, author: TOP_COMMENT.author, likeCount: top.likeCount, publishedAt: top.publishedAt, videoId: FAKE_VIDEOS.funny },
      {
        id: FAKE_COMMENTS.reply,
        text: FAKE_COMMENTS.replyText,
        author: FAKE_COMMENTS.replyAuthor,
        likeCount: fakeComment(FAKE_COMMENTS.reply)!.likeCount,
        publishedAt: expect.stringMatching(/^\d{4}-/),
        parentId: FAKE_COMMENTS.withReplies,
      },
    ]);
    const params = Object.fromEntries(new URL(requests().findLast((r) => r.startsWith("/youtube/v3/comments?"))!, "http://x").searchParams);
    expect(params).toEqual({ part: "snippet", id: `${FAKE_COMMENTS.top},${FAKE_COMMENTS.reply}`, textFormat: "plainText", key: FAKE_YOUTUBE_KEY });
  });

  it("leaves out the ids YouTube does not return (gone), a gone video's comments too", async () => {
    const yt = fake();
    yt.markGone({ commentId: FAKE_COMMENTS.withReplies });
    try {
      const found = await client().getCommentsById([FAKE_COMMENTS.top, FAKE_COMMENTS.withReplies, "UgxNoSuchComment"]);
      expect(found.map((c) => c.id)).toEqual([FAKE_COMMENTS.top]);
      yt.markGone({ videoId: FAKE_VIDEOS.funny });
      expect(await client().getCommentsById([FAKE_COMMENTS.top])).toEqual([]);
      expect((await client().getComments({ videoId: FAKE_VIDEOS.short })).comments).toHaveLength(3);
      await failure(client().getComments({ videoId: FAKE_VIDEOS.funny }));
      await failure(client().getVideo(FAKE_VIDEOS.funny));
    } finally {
      yt.restoreGone();
    }
  });

  it("never sends more than 50 ids or what is not a comment id, and spends nothing then", async () => {
    const before = fake().quotaUsed();
    expect(await client().getCommentsById([])).toEqual([]);
    await failure(client().getCommentsById(Array.from({ length: 51 }, (_, i) => `Ugx${i}`)));
    await failure(client().getCommentsById(["<b>x</b>"]));
    await failure(client().getCommentsById(["a,b"]));
    expect(fake().quotaUsed() - before).toBe(0);
  });
});

describe("the fake's quota", () => {
  it("counts 1 unit a Data API call per endpoint and key, invalid calls included, oEmbed free", async () => {
    const yt = fake();
    const all = yt.quotaUsed();
    const videos = yt.quotaUsed({ endpoint: "videos" });
    const threads = yt.quotaUsed({ endpoint: "commentThreads" });
    const badKey = yt.quotaUsed({ key: "wrong-key" });
    await client().getVideo(FAKE_VIDEOS.missing).catch(() => null);
    await client().getComments({ videoId: FAKE_VIDEOS.missing }).catch(() => null);
    await failure(client({ apiKey: "wrong-key" }).getVideo(FAKE_VIDEOS.funny));
    await client({ apiKey: null }).getKeylessDetails(FAKE_VIDEOS.funny);
    expect(yt.quotaUsed() - all).toBe(3);
    expect(yt.quotaUsed({ endpoint: "videos" }) - videos).toBe(2);
    expect(yt.quotaUsed({ endpoint: "commentThreads" }) - threads).toBe(1);
    expect(yt.quotaUsed({ key: "wrong-key" }) - badKey).toBe(1);
  });
});

describe("the cache", () => {
  // The cache's own rules, whatever MEMO says; the last test is MEMO=off.
  beforeAll(() => setMemoForTests(true));
  afterEach(() => setMemoForTests(true));
  afterAll(() => setMemoForTests(undefined));

  it("answers the same question from memory for its lifetime", async () => {
    const c = client();
    const before = countRequests(`id=${FAKE_VIDEOS.short}`);
    const [a, b] = await Promise.all([c.getVideo(FAKE_VIDEOS.short), c.getVideo(FAKE_VIDEOS.short)]);
    await c.getVideo(FAKE_VIDEOS.short);
    expect(a).toEqual(b);
    expect(countRequests(`id=${FAKE_VIDEOS.short}`) - before).toBe(1);
  });

  it("keeps lasting failures but asks again after passing ones", async () => {
    const c = client();
    const disabledBefore = countRequests(`videoId=${FAKE_VIDEOS.commentsDisabled}`);
    await failure(c.getComments({ videoId: FAKE_VIDEOS.commentsDisabled }));
    await failure(c.getComments({ videoId: FAKE_VIDEOS.commentsDisabled }));
    expect(countRequests(`videoId=${FAKE_VIDEOS.commentsDisabled}`) - disabledBefore).toBe(1);

    const quotaBefore = countRequests(`id=${FAKE_VIDEOS.quota}`);
    await failure(c.getVideo(FAKE_VIDEOS.quota));
    await failure(c.getVideo(FAKE_VIDEOS.quota));
    expect(countRequests(`id=${FAKE_VIDEOS.quota}`) - quotaBefore).toBe(2);
  });

  it("expires answers and stays within its size", async () => {
    let now = 1_000_000;
    const expiring = client({ cacheTtlMs: 60_000, now: () => now });
    const before = countRequests(`id=${FAKE_VIDEOS.short}`);
    await expiring.getVideo(FAKE_VIDEOS.short);
    now += 59_999;
    await expiring.getVideo(FAKE_VIDEOS.short);
    expect(countRequests(`id=${FAKE_VIDEOS.short}`) - before).toBe(1);
    now += 1;
    await expiring.getVideo(FAKE_VIDEOS.short);
    expect(countRequests(`id=${FAKE_VIDEOS.short}`) - before).toBe(2);

    const small = client({ cacheMaxEntries: 1 });
    const start = countRequests(`id=${FAKE_VIDEOS.funny}`);
    await small.getVideo(FAKE_VIDEOS.funny);
    await small.getVideo(FAKE_VIDEOS.short); // pushes the first answer out
    await small.getVideo(FAKE_VIDEOS.funny);
    expect(countRequests(`id=${FAKE_VIDEOS.funny}`) - start).toBe(2);
  });

  it("keeps nothing with MEMO=off: every question goes to YouTube", async () => {
    setMemoForTests(false);
    const c = client();
    const before = countRequests(`id=${FAKE_VIDEOS.short}`);
    await Promise.all([c.getVideo(FAKE_VIDEOS.short), c.getVideo(FAKE_VIDEOS.short)]);
    await c.getVideo(FAKE_VIDEOS.short);
    expect(countRequests(`id=${FAKE_VIDEOS.short}`) - before).toBe(3);
  });
});

describe("without a key", () => {
  it("reads title and channel from oEmbed, with the hqdefault thumbnail", async () => {
    const c = client({ apiKey: null });
    expect(await c.getKeylessDetails(FAKE_VIDEOS.funny)).toEqual({
      id: FAKE_VIDEOS.funny,
      title: FUNNY_VIDEO.title,
      channelTitle: FUNNY_VIDEO.channelTitle,
      thumbnail: `https://i.ytimg.com/vi/${FAKE_VIDEOS.funny}/hqdefault.jpg`,
      viewCount: null,
      publishedAt: null,
    });
    const call = requests().findLast((r) => r.startsWith("/oembed"))!;
    const params = new URL(call, "http://x").searchParams;
    expect(params.get("url")).toBe(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}`);
    expect(params.get("format")).toBe("json");
  });

  it("falls back to the texts of docs/product.md §5 when oEmbed says 404 or 401, or is down", async () => {
    const fallback = (id: string) => ({
      id,
      title: "Video information unavailable",
      channelTitle: "Unknown channel",
      thumbnail: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
      viewCount: null,
      publishedAt: null,
    });
    const c = client({ apiKey: null });
    expect(await c.getKeylessDetails(FAKE_VIDEOS.missing)).toEqual(fallback(FAKE_VIDEOS.missing));
    expect(await c.getKeylessDetails(FAKE_VIDEOS.private)).toEqual(fallback(FAKE_VIDEOS.private));
    const down = client({ apiKey: null, oembedUrl: `http://127.0.0.1:${await freePort()}/oembed` });
    expect(await down.getKeylessDetails(FAKE_VIDEOS.funny)).toEqual(fallback(FAKE_VIDEOS.funny));
  });

  it("uses the id 'unknown' and the default thumbnail when no id was read", async () => {
    expect(await client({ apiKey: null }).getKeylessDetails(null)).toEqual({
      id: "unknown",
      title: "Video information unavailable",
      channelTitle: "Unknown channel",
      thumbnail: "https://i.ytimg.com/img/no_thumbnail.jpg",
      viewCount: null,
      publishedAt: null,
    });
  });
});

describe("htmlToText", () => {
  it("decodes entities and line breaks and drops tags", () => {
    expect(htmlToText(TOP_COMMENT.textDisplay)).toBe(TOP_COMMENT.textOriginal);
    expect(htmlToText('see <a href="https://x">this</a><br/>&#x1F602; &copy; &#0;')).toBe("see this\n😂 &copy; &#0;");
  });
});
