import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  FAKE_EXPIRED_KEY,
  FAKE_VIDEOS,
  FAKE_YOUTUBE_KEY,
  FUNNY_VIDEO,
  startYouTubeFake,
  TOP_COMMENT,
  type YouTubeFake,
} from "../../../tests/fixtures/youtube-fake.ts";
import { setMemoForTests } from "../env.server.ts";
import { createYouTubeClient, type YouTubeClientOptions } from "./client.server.ts";
import { errorFromEnvelope, YouTubeError } from "./errors.server.ts";
import { htmlToText } from "./mapping.server.ts";

let fake: YouTubeFake;
beforeAll(async () => {
  fake = await startYouTubeFake();
});
afterAll(() => fake.stop());

function client(options: Partial<YouTubeClientOptions> = {}) {
  return createYouTubeClient({ apiKey: FAKE_YOUTUBE_KEY, baseUrl: fake.apiBaseUrl, oembedUrl: fake.oembedUrl, ...options });
}

async function failure(promise: Promise<unknown>): Promise<YouTubeError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(YouTubeError);
  return error as YouTubeError;
}

const countRequests = (fragment: string) => fake.requests.filter((r) => r.includes(fragment)).length;

async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

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
    const call = fake.requests.findLast((r) => r.startsWith("/youtube/v3/videos"))!;
    const params = new URL(call, "http://x").searchParams;
    expect(params.get("part")).toBe("snippet,statistics");
    expect(params.get("id")).toBe(FAKE_VIDEOS.funny);
    expect(params.get("key")).toBe(FAKE_YOUTUBE_KEY);
  });

  it("treats an empty items list as a missing or private video", async () => {
    expect((await failure(client().getVideo(FAKE_VIDEOS.private))).reason).toBe("videoNotFound");
    const missing = await failure(client().getVideo(FAKE_VIDEOS.missing));
    expect(missing.reason).toBe("videoNotFound");
    expect(missing.status).toBe(404);
    expect(missing.message).toBe("Video not found. It may be private or deleted.");
  });

  it("maps quotaExceeded", async () => {
    const error = await failure(client().getVideo(FAKE_VIDEOS.quota));
    expect(error.reason).toBe("quotaExceeded");
    expect(error.message).toMatch(/quota/i);
    expect(error.message).not.toMatch(/</); // YouTube's HTML message is not passed on
  });

  it("maps a bad key, in both the badRequest and the older keyInvalid form", async () => {
    const wrong = await failure(client({ apiKey: "not-the-key" }).getVideo(FAKE_VIDEOS.funny));
    expect(wrong.reason).toBe("keyInvalid");
    expect(wrong.message).toMatch(/API key is not valid/);
    const expired = await failure(client({ apiKey: FAKE_EXPIRED_KEY }).getVideo(FAKE_VIDEOS.funny));
    expect(expired.reason).toBe("keyInvalid");
  });

  it("maps an upstream 500 to a message with the status", async () => {
    const error = await failure(client().getVideo(FAKE_VIDEOS.broken));
    expect(error.reason).toBe("unavailable");
    expect(error.message).toBe("Backend Error");
    expect(error.status).toBe(502);
  });

  it("gives up after the timeout, without retrying", async () => {
    const before = countRequests(FAKE_VIDEOS.slow);
    const error = await failure(client({ timeoutMs: 200 }).getVideo(FAKE_VIDEOS.slow));
    expect(error.reason).toBe("timeout");
    expect(error.status).toBe(504);
    expect(countRequests(FAKE_VIDEOS.slow) - before).toBe(1);
  });

  it("reports an unreachable API as 'Failed to fetch video details'", async () => {
    const port = await deadPort();
    const error = await failure(client({ baseUrl: `http://127.0.0.1:${port}/youtube/v3` }).getVideo(FAKE_VIDEOS.funny));
    expect(error.reason).toBe("unavailable");
    expect(error.message).toBe("Failed to fetch video details");
  });

  it("says the key is not configured, without calling YouTube", async () => {
    const before = fake.requests.length;
    for (const apiKey of [undefined, null, "", "   "]) {
      const c = client({ apiKey });
      expect(c.keyConfigured).toBe(false);
      const error = await failure(c.getVideo(FAKE_VIDEOS.funny));
      expect(error.reason).toBe("keyNotConfigured");
      expect(error.message).toContain("API key not configured");
    }
    expect(fake.requests.length).toBe(before);
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
    const call = fake.requests.findLast((r) => r.startsWith("/youtube/v3/commentThreads"))!;
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
    expect(fake.requests.findLast((r) => r.includes(FAKE_VIDEOS.short))).toContain("maxResults=100");
  });

  it("maps commentsDisabled, videoNotFound, invalidPageToken and quotaExceeded", async () => {
    const c = client();
    const disabled = await failure(c.getComments({ videoId: FAKE_VIDEOS.commentsDisabled }));
    expect(disabled.reason).toBe("commentsDisabled");
    expect(disabled.message).toBe("Comments are disabled for this video.");
    expect((await failure(c.getComments({ videoId: FAKE_VIDEOS.missing }))).reason).toBe("videoNotFound");
    const before = fake.requests.length;
    const token = await failure(c.getComments({ videoId: FAKE_VIDEOS.funny, pageToken: "bm90LWEtdG9rZW4" }));
    expect(token.reason).toBe("invalidPageToken");
    expect(token.status).toBe(400);
    // A token YouTube never gave us is refused here, without spending quota.
    expect(fake.requests.slice(before).filter((r) => r.includes("bm90LWEtdG9rZW4"))).toEqual([]);
    expect((await failure(c.getComments({ videoId: FAKE_VIDEOS.quota }))).reason).toBe("quotaExceeded");
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
    const call = fake.requests.findLast((r) => r.startsWith("/oembed"))!;
    const params = new URL(call, "http://x").searchParams;
    expect(params.get("url")).toBe(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}`);
    expect(params.get("format")).toBe("json");
  });

  it("falls back to SPEC texts when oEmbed says 404 or 401, or is down", async () => {
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
    const down = client({ apiKey: null, oembedUrl: `http://127.0.0.1:${await deadPort()}/oembed` });
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

describe("errorFromEnvelope", () => {
  const env = (code: number, reason: string, message = "m") => ({ error: { code, message, errors: [{ reason, message }] } });
  it.each([
    [403, env(403, "commentsDisabled"), "commentsDisabled"],
    [403, env(403, "quotaExceeded"), "quotaExceeded"],
    [403, env(403, "dailyLimitExceeded"), "quotaExceeded"],
    [400, env(400, "keyInvalid"), "keyInvalid"],
    [400, env(400, "badRequest", "API key not valid. Please pass a valid API key."), "keyInvalid"],
    [404, env(404, "videoNotFound"), "videoNotFound"],
    [404, null, "videoNotFound"],
    [400, env(400, "invalidPageToken"), "invalidPageToken"],
    [400, env(400, "invalidParameter", "Invalid maxResults"), "badRequest"],
    [503, "Service Unavailable", "unavailable"],
  ])("%i %j → %s", (status, body, reason) => {
    expect(errorFromEnvelope(status, body).reason).toBe(reason);
  });

  it("says 'Error: {status}' when YouTube gives no message", () => {
    expect(errorFromEnvelope(503, null).message).toBe("Error: 503");
  });
});

describe("htmlToText", () => {
  it("decodes entities and line breaks and drops tags", () => {
    expect(htmlToText(TOP_COMMENT.textDisplay)).toBe(TOP_COMMENT.textOriginal);
    expect(htmlToText('see <a href="https://x">this</a><br/>&#x1F602; &copy; &#0;')).toBe("see this\n😂 &copy; &#0;");
  });
});
