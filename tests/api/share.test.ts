// HTTP contract of the share flow: POST /api/posts, GET /api/youtube/video/{id} and the dialog's
// action POST /share, against the built server (YouTube is the local fake).
import { createCookie } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { posts } from "#db/schema.ts";
import { eq } from "drizzle-orm";
import { createSession } from "~/models/session.server.ts";
import { createUser, getUserById } from "~/models/user.server.ts";
import { FAKE_VIDEOS, FAKE_YOUTUBE_KEY, FUNNY_VIDEO, startYouTubeFake, TOP_COMMENT, type YouTubeFake } from "../fixtures/youtube-fake.ts";
import { readToast } from "../support/api-client.ts";
import { startServer, type RunningServer } from "../support/server.ts";

const SECRET = "contract-test-session-secret-0123456789";
let fake: YouTubeFake;
let server: RunningServer;
let noKey: RunningServer;
let unreachable: RunningServer;

// Both servers use this worker's database, so users and sessions made here sign them in.
beforeAll(async () => {
  fake = await startYouTubeFake();
  const shared = { DATABASE_PATH: process.env.DATABASE_PATH!, SESSION_SECRET: SECRET, YOUTUBE_API_BASE_URL: fake.apiBaseUrl };
  [server, noKey, unreachable] = await Promise.all([
    startServer({ ...shared, YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY, YOUTUBE_OEMBED_URL: fake.oembedUrl }),
    startServer({ ...shared, YOUTUBE_API_KEY: "", YOUTUBE_OEMBED_URL: fake.oembedUrl }),
    // A key, but YouTube cannot be reached (nothing listens on port 9 of this host).
    startServer({ ...shared, YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY, YOUTUBE_API_BASE_URL: "http://127.0.0.1:9/youtube/v3", YOUTUBE_OEMBED_URL: fake.oembedUrl }),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), noKey?.stop(), unreachable?.stop()]);
  await fake?.stop();
});

// These tests share one quote (VALID) on purpose: each starts with no post holding its key. The
// one-post-per-quote rule itself is tests/api/youtube-comment.test.ts's.
beforeEach(() => {
  getDb().update(posts).set({ quoteKey: null }).run();
});

let n = 0;
async function member() {
  n++;
  const user = createUser({ username: `sharer${n}${Date.now() % 100000}`, email: `sharer${n}-${Date.now()}@example.com`, passwordHash: "unused" });
  const { token } = createSession({ userId: user.id });
  const header = await createCookie("chortle_session", { secrets: [SECRET] }).serialize(token);
  return { user, cookie: header.split(";")[0] };
}

const VALID = {
  title: "The cucumber incident",
  comment: "I'm not crying, you're crying",
  commentAuthor: "@cucumber_survivor",
  videoId: FAKE_VIDEOS.funny,
  videoTitle: FUNNY_VIDEO.title,
  videoThumbnail: `https://i.ytimg.com/vi/${FAKE_VIDEOS.funny}/hqdefault.jpg`,
  videoChannel: FUNNY_VIDEO.channelTitle,
  videoViewCount: "1234567",
  videoPublishedAt: FUNNY_VIDEO.publishedAt,
  category: "Animals",
};

function createPostRequest(body: unknown, cookie?: string, raw = false, base = server) {
  return fetch(`${base.url}/api/posts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: raw ? (body as string) : JSON.stringify(body),
  });
}

describe("POST /api/posts", () => {
  it("answers 401 to a visitor", async () => {
    const res = await createPostRequest(VALID);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Authentication required. Please log in." });
  });

  it("creates the post for the session user: 201 with the post, postsCount and hot rank updated", async () => {
    const { user, cookie } = await member();
    const res = await createPostRequest(VALID, cookie);
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const post = await res.json();
    expect(post).toMatchObject({
      id: expect.any(Number),
      userId: user.id,
      username: user.username,
      title: VALID.title,
      comment: VALID.comment,
      commentAuthor: VALID.commentAuthor,
      category: "Animals",
      videoId: FAKE_VIDEOS.funny,
      videoTitle: FUNNY_VIDEO.title,
      videoChannel: FUNNY_VIDEO.channelTitle,
      videoThumbnail: VALID.videoThumbnail,
      videoViewCount: 1234567,
      videoPublishedAt: "2019-04-01T12:34:56.000Z",
      upvotes: 0,
      downvotes: 0,
      commentsCount: 0,
      author: { id: user.id, username: user.username },
    });
    expect(Date.parse(post.createdAt)).not.toBeNaN();
    expect(JSON.stringify(post)).not.toMatch(/password|email/i);
    expect(getUserById({ id: user.id })?.postsCount).toBe(1);
    const row = getDb().select().from(posts).where(eq(posts.id, post.id)).get();
    expect(row?.hot).toBeGreaterThan(0);
    // The new post is the newest: first under New.
    const newest = await (await fetch(`${server.url}/api/posts?sortBy=new&limit=1`)).json();
    expect(newest.map((p: { id: number }) => p.id)).toEqual([post.id]);
  });

  it("accepts the caller's own userId, in either form, and the video fields left out", async () => {
    const { user, cookie } = await member();
    const { title, comment, commentAuthor, category, videoId } = VALID;
    for (const [i, userId] of [user.id, String(user.id)].entries()) {
      const res = await createPostRequest({ title, comment: `${comment} (${i})`, commentAuthor, category, videoId, userId }, cookie);
      expect(res.status).toBe(201);
      // The server looked the video up itself.
      expect(await res.json()).toMatchObject({ userId: user.id, videoTitle: FUNNY_VIDEO.title, videoViewCount: 1234567 });
    }
    expect(getUserById({ id: user.id })?.postsCount).toBe(2);
  });

  it("stores what YouTube says about the video, never the made-up details a client sends", async () => {
    const { user, cookie } = await member();
    const madeUp = {
      ...VALID,
      videoId: FAKE_VIDEOS.short,
      videoTitle: "FREE CRYPTO click here",
      videoChannel: "Totally Official",
      videoThumbnail: "https://tracker.example/pixel.gif",
      videoViewCount: 999_999_999,
      videoPublishedAt: "1999-12-31T23:59:59Z",
    };
    const res = await createPostRequest(madeUp, cookie);
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = getDb().select().from(posts).where(eq(posts.id, id)).get();
    expect(row).toMatchObject({
      userId: user.id,
      videoId: FAKE_VIDEOS.short,
      videoTitle: "A Short Clip",
      videoChannel: "Short Channel",
      videoThumbnail: `https://i.ytimg.com/vi/${FAKE_VIDEOS.short}/hqdefault.jpg`,
      videoViewCount: 987,
      videoPublishedAt: new Date("2021-06-15T08:00:00Z"),
    });
    // Wrong types in the ignored fields are ignored too.
    const odd = await createPostRequest({ ...VALID, videoTitle: { html: "<b>" }, videoViewCount: "12k", videoPublishedAt: "last Tuesday" }, cookie);
    expect(odd.status).toBe(201);
    expect(await odd.json()).toMatchObject({ videoTitle: FUNNY_VIDEO.title, videoViewCount: 1234567 });
  });

  it("refuses a video YouTube does not know (400) and stores nothing", async () => {
    const { user, cookie } = await member();
    for (const videoId of [FAKE_VIDEOS.missing, FAKE_VIDEOS.private, "unknown"]) {
      const res = await createPostRequest({ ...VALID, videoId }, cookie);
      expect(res.status, videoId).toBe(400);
      expect(await res.json()).toEqual({ message: "Please enter a valid YouTube video URL." });
    }
    expect(getUserById({ id: user.id })?.postsCount).toBe(0);
  });

  it("answers 503 'Failed to fetch video details' when YouTube fails or cannot be reached, storing nothing", async () => {
    const { user, cookie } = await member();
    const answers = [
      await createPostRequest({ ...VALID, videoId: FAKE_VIDEOS.broken }, cookie),
      await createPostRequest({ ...VALID, videoId: FAKE_VIDEOS.quota }, cookie),
      await createPostRequest(VALID, cookie, false, unreachable),
    ];
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ message: "Failed to fetch video details" });
    }
    expect(getUserById({ id: user.id })?.postsCount).toBe(0);
  });

  it("refuses with 403 a userId that is not the session user's, creating nothing", async () => {
    const { user, cookie } = await member();
    const other = await member();
    const res = await createPostRequest({ ...VALID, userId: other.user.id }, cookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "You can only act as yourself." });
    expect(getUserById({ id: user.id })?.postsCount).toBe(0);
    expect(getUserById({ id: other.user.id })?.postsCount).toBe(0);
  });

  it("without a key: oEmbed's details, else docs/product.md §5's placeholders ('unknown' when no id)", async () => {
    const { cookie } = await member();
    const known = await createPostRequest(VALID, cookie, false, noKey);
    expect(known.status).toBe(201);
    expect(await known.json()).toMatchObject({ videoId: FAKE_VIDEOS.funny, videoTitle: FUNNY_VIDEO.title, videoChannel: FUNNY_VIDEO.channelTitle, videoViewCount: null });
    const res = await createPostRequest({ ...VALID, videoId: "unknown", videoTitle: "Made up" }, cookie, false, noKey);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      videoId: "unknown",
      videoTitle: "Video information unavailable",
      videoChannel: "Unknown channel",
      videoThumbnail: "https://i.ytimg.com/img/no_thumbnail.jpg",
      videoViewCount: null,
      videoPublishedAt: null,
    });
  });

  it.each([
    ["title too short", { title: "ab" }, "Title must be at least 3 characters."],
    ["title empty", { title: "   " }, "Please enter a post title."],
    ["title too long", { title: "t".repeat(201) }, "Title must be at most 200 characters."],
    ["comment empty", { comment: "" }, "Please fill out all fields."],
    ["comment too long", { comment: "c".repeat(501) }, "Comment must be at most 500 characters."],
    ["author empty", { commentAuthor: " " }, "Please fill out all fields."],
    ["author too long", { commentAuthor: "a".repeat(101) }, "Comment author must be at most 100 characters."],
    ["category missing", { category: undefined }, "Please fill out all fields."],
    ["category unknown", { category: "Cats" }, "Please choose one of the categories."],
    ["category in the wrong case", { category: "animals" }, "Please choose one of the categories."],
    ["video id too short", { videoId: "abc" }, "Please enter a valid YouTube video URL."],
    ["video id a link", { videoId: `https://youtu.be/${FAKE_VIDEOS.funny}` }, "Please enter a valid YouTube video URL."],
    ["video id missing", { videoId: undefined }, "Please enter a valid YouTube video URL."],
    ["title of the wrong type", { title: 42 }, "Please enter a post title."],
  ])("answers 400 for %s", async (_name, change, message) => {
    const { user, cookie } = await member();
    const res = await createPostRequest({ ...VALID, ...change }, cookie);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
    expect(getUserById({ id: user.id })?.postsCount).toBe(0);
  });

  it("answers odd bodies with a 4xx message, never a 500", async () => {
    const { cookie } = await member();
    const bodies: [unknown, boolean][] = [
      ["{not json", true],
      ["", true],
      ["null", true],
      ["[]", true],
      ['"a string"', true],
      [{ ...VALID, title: { nested: true } }, false],
      [{ ...VALID, userId: { id: 1 } }, false],
      ["x".repeat(70 * 1024), true],
    ];
    for (const [body, raw] of bodies) {
      const res = await createPostRequest(body, cookie, raw);
      expect(res.status, String(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof (await res.json()).message).toBe("string");
    }
  });
});

let lookupCookie: string | undefined;
const lookup = async (path: string, base = server) => {
  lookupCookie ??= (await member()).cookie;
  return fetch(`${base.url}/api/youtube/video/${path}`, { headers: { Cookie: lookupCookie } });
};

describe("GET /api/youtube/video/{videoId}", () => {
  it("answers 401 to a visitor, so nobody can spend the site's YouTube quota anonymously", async () => {
    const res = await fetch(`${server.url}/api/youtube/video/${FAKE_VIDEOS.funny}`);
    expect(res.status).toBe(401);
    expect(typeof (await res.json()).message).toBe("string");
  });

  it("answers details, a page of comments and the next page token", async () => {
    const res = await lookup(FAKE_VIDEOS.funny);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body.videoDetails).toEqual({
      id: FAKE_VIDEOS.funny,
      title: FUNNY_VIDEO.title,
      thumbnail: `https://i.ytimg.com/vi/${FAKE_VIDEOS.funny}/hqdefault.jpg`,
      channelTitle: FUNNY_VIDEO.channelTitle,
      viewCount: 1234567,
      publishedAt: FUNNY_VIDEO.publishedAt,
    });
    expect(body.comments).toHaveLength(100);
    expect(body.comments[0]).toEqual({
      id: expect.any(String),
      text: TOP_COMMENT.textOriginal,
      authorDisplayName: TOP_COMMENT.author,
      authorProfileImageUrl: expect.stringMatching(/^https:/),
      publishedAt: expect.any(String),
      likeCount: 9000,
      replyCount: 0,
    });
    expect(body.nextPageToken).toEqual(expect.any(String));
  });

  it("sorts by time, honours maxResults and pages with pageToken", async () => {
    const first = await (await lookup(`${FAKE_VIDEOS.funny}?sortBy=time&maxResults=5`)).json();
    expect(first.comments.map((c: { text: string }) => c.text.split(":")[0])).toEqual([
      "Funny comment number 230",
      "Funny comment number 229",
      "Funny comment number 228",
      "Funny comment number 227",
      "Funny comment number 226",
    ]);
    const second = await (
      await lookup(`${FAKE_VIDEOS.funny}?sortBy=time&maxResults=5&pageToken=${encodeURIComponent(first.nextPageToken)}`)
    ).json();
    expect(second.comments[0].text).toMatch(/^Funny comment number 225:/);
    const last = await (await lookup(`${FAKE_VIDEOS.short}`)).json();
    expect(last.comments).toHaveLength(3);
    expect(last.nextPageToken).toBeNull();
  });

  it("reads a bare id from the path only", async () => {
    expect((await lookup(encodeURIComponent(`https://youtu.be/${FAKE_VIDEOS.short}`))).status).toBe(200);
  });

  it.each([
    ["not-an-id", "Please enter a valid YouTube video URL"],
    [`${FAKE_VIDEOS.funny}x`, "Please enter a valid YouTube video URL"],
    [`${FAKE_VIDEOS.funny}?sortBy=best`, "sortBy must be 'relevance' or 'time'."],
    [`${FAKE_VIDEOS.funny}?maxResults=0`, "maxResults must be a whole number from 1 to 100."],
    [`${FAKE_VIDEOS.funny}?maxResults=101`, "maxResults must be a whole number from 1 to 100."],
    [`${FAKE_VIDEOS.funny}?maxResults=ten`, "maxResults must be a whole number from 1 to 100."],
    [`${FAKE_VIDEOS.funny}?pageToken=${"t".repeat(301)}`, "pageToken is too long."],
    [`${FAKE_VIDEOS.funny}?pageToken=bm9wZQ`, "Those comments are no longer available. Please load the comments again."],
  ])("answers 400 for %s", async (path, message) => {
    const res = await lookup(path);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
  });

  it.each([
    [FAKE_VIDEOS.missing, 404, "Video not found. It may be private or deleted."],
    [FAKE_VIDEOS.private, 404, "Video not found. It may be private or deleted."],
    [FAKE_VIDEOS.quota, 503, "The YouTube API quota has been used up for today. Please try again later."],
    [FAKE_VIDEOS.broken, 502, "Backend Error"],
  ])("maps YouTube's error for %s to %i", async (id, status, message) => {
    const res = await lookup(id);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ message });
  });

  it("still answers the details of a video whose comments are disabled", async () => {
    const res = await lookup(FAKE_VIDEOS.commentsDisabled);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      videoDetails: { id: FAKE_VIDEOS.commentsDisabled, title: "Comments Are Off Here" },
      comments: [],
      nextPageToken: null,
      commentsDisabled: true,
      commentsMessage: "Comments are disabled for this video.",
    });
  });

  it("says the key is not configured (503) and still gives what oEmbed knows", async () => {
    const res = await lookup(FAKE_VIDEOS.funny, noKey);
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.message).toContain("API key not configured");
    expect(body.videoDetails).toEqual({
      id: FAKE_VIDEOS.funny,
      title: FUNNY_VIDEO.title,
      thumbnail: `https://i.ytimg.com/vi/${FAKE_VIDEOS.funny}/hqdefault.jpg`,
      channelTitle: FUNNY_VIDEO.channelTitle,
      viewCount: null,
      publishedAt: null,
    });
    const missing = await (await lookup(FAKE_VIDEOS.missing, noKey)).json();
    expect(missing.videoDetails).toMatchObject({ title: "Video information unavailable", channelTitle: "Unknown channel" });
  });

  it("never answers 500 to odd paths", async () => {
    for (const path of ["%00%00%00%00%00%00%00%00%00%00%00", "a".repeat(3000), "..%2F..%2Fetc", "%E2%80%AE" + "a".repeat(10)]) {
      const res = await lookup(path);
      expect(res.status, path.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

async function shareAction(fields: Record<string, string>, cookie?: string) {
  return fetch(`${server.url}/share`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

describe("POST /share (the dialog's action)", () => {
  const filled = { page: "/", url: `https://youtu.be/${FAKE_VIDEOS.short}`, title: "A fine title", text: "So funny", author: "@me", cat: "Comedy", intent: "create" };

  it("sends a visitor to sign in and back to the dialog", async () => {
    const res = await shareAction({ ...filled, intent: "next" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!, server.url);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("redirectTo")).toMatch(/^\/\?share=1&step=1&url=/);
  });

  it("creates the post and redirects to its page with the success toast", async () => {
    const { user, cookie } = await member();
    const res = await shareAction(filled, cookie);
    expect(res.status).toBe(303);
    const id = Number(res.headers.get("location")?.match(/^\/post\/(\d+)$/)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(res.headers.get("set-cookie")).toContain("chortle_toast=");
    const row = getDb().select().from(posts).where(eq(posts.id, id)).get();
    expect(row).toMatchObject({ userId: user.id, videoId: FAKE_VIDEOS.short, videoTitle: "A Short Clip", videoViewCount: 987 });
    expect(getUserById({ id: user.id })?.postsCount).toBe(1);
  });

  it("validates on the server: empty fields, text over 500, an unknown video", async () => {
    const { user, cookie } = await member();
    const empty = await shareAction({ ...filled, text: "  " }, cookie);
    expect(empty.headers.get("location")).toMatch(/step=2.*err=fields/);
    const long = await shareAction({ ...filled, text: "x".repeat(501) }, cookie);
    expect(long.headers.get("location")).toMatch(/^\/\?share=1&step=2/);
    expect(long.headers.get("set-cookie")).toContain("chortle_toast=");
    const missing = await shareAction({ ...filled, url: `https://youtu.be/${FAKE_VIDEOS.missing}` }, cookie);
    expect(missing.headers.get("location")).toMatch(/step=1.*err=url/);
    expect(getUserById({ id: user.id })?.postsCount).toBe(0);
  });

  it("only ever redirects within the site", async () => {
    const { cookie } = await member();
    for (const page of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const res = await shareAction({ page, intent: "back" }, cookie);
      expect(res.headers.get("location")).toMatch(/^\/\?share=1/);
    }
  });
});

describe("the share budget (10 shares an hour per member, docs/product.md §9)", () => {
  let limited: RunningServer;
  beforeAll(async () => {
    limited = await startServer({ DATABASE_PATH: process.env.DATABASE_PATH!, SESSION_SECRET: SECRET, RATE_LIMIT: "10/60", TRUST_PROXY: "loopback", YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY, YOUTUBE_API_BASE_URL: fake.apiBaseUrl, YOUTUBE_OEMBED_URL: fake.oembedUrl });
  });
  afterAll(() => limited?.stop());

  it("is one budget for the dialog's form and POST /api/posts, spent before YouTube is asked", async () => {
    const { cookie } = await member();
    const headers = { Cookie: cookie, "X-Forwarded-For": "10.8.0.1" };
    const viaApi = (body: unknown) =>
      fetch(`${limited.url}/api/posts`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const viaForm = (fields: Record<string, string>) =>
      fetch(`${limited.url}/share`, { method: "POST", redirect: "manual", headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
    const lookups = fake.requests.length;
    // Ten refused shares (no title) spend the budget, five on each path, without a lookup.
    for (let i = 0; i < 5; i++) {
      expect((await viaApi({ ...VALID, title: "" })).status).toBe(400);
      expect((await viaForm({ intent: "create", page: "/", url: `https://youtu.be/${FAKE_VIDEOS.funny}`, title: "", text: "x", author: "y", cat: "Comedy" })).status).toBe(303);
    }
    expect(fake.requests.length).toBe(lookups);
    const api = await viaApi(VALID);
    expect(api.status).toBe(429);
    expect((await api.json()).message).toMatch(/^Too many requests\./);
    const form = await viaForm({ intent: "create", page: "/", url: `https://youtu.be/${FAKE_VIDEOS.funny}`, title: "A fine title", text: "x", author: "y", cat: "Comedy" });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toMatch(/^\/\?share=1&step=2/);
    expect((await readToast(form))?.description).toMatch(/^Too many requests\./);
    expect(fake.requests.length).toBe(lookups);
  });
});
