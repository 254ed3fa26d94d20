// The YouTube client against a local fake: what it reads from videos.list, commentThreads.list and
// oEmbed (without a key), and what its cache keeps. Failures are in errors.server.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAKE_VIDEOS, FAKE_YOUTUBE_KEY, FUNNY_VIDEO, TOP_COMMENT } from "../../../tests/fixtures/youtube-fake.ts";
import { freePort } from "../../../tests/support/server.ts";
import { failure, useYouTubeFake } from "../../../tests/support/youtube-client.ts";
import { setMemoForTests } from "../env.server.ts";
import { htmlToText } from "./mapping.server.ts";

const { client, countRequests, requests } = useYouTubeFake();

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
