// Issue 46's moment and player over HTTP, against the built server (YouTube is the local fake): a shared
// link's t= is kept (the dialog's form and POST /api/posts), the post page's player is a poster and a
// 'Play here' link until ?play=1 (then the youtube-nocookie frame, at the moment), the CSP frames that
// one origin, and times in a quote or a comment are links to that second of the video.
import * as cheerio from "cheerio";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "#db/schema.ts";
import { createComment } from "~/models/comment.server.ts";
import { FAKE_VIDEOS, FAKE_YOUTUBE_KEY, startYouTubeFake, type YouTubeFake } from "../fixtures/youtube-fake.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

let fake: YouTubeFake;
let api: ApiClient;
beforeAll(async () => {
  fake = await startYouTubeFake();
  api = await startApiServer({ YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY, YOUTUBE_API_BASE_URL: fake.apiBaseUrl, YOUTUBE_OEMBED_URL: fake.oembedUrl });
});
afterAll(async () => {
  await api?.stop();
  await fake?.stop();
});

const storedStart = (id: number) => api.db.select({ videoStart: posts.videoStart }).from(posts).where(eq(posts.id, id)).get()?.videoStart;
const SHARE = { title: "A moment worth it", comment: "the bit at the end", commentAuthor: "@watcher", category: "Comedy", videoId: FAKE_VIDEOS.funny };

describe("a shared link's moment", () => {
  it("is kept from the dialog's link (t=2m31s) and shown in 'Watch on YouTube'; a link without one keeps none", async () => {
    const member = await api.user();
    const form = { page: "/", title: "At the moment", text: "so funny", author: "@me", cat: "Comedy", intent: "create" };
    const res = await api.fetch("/share", { method: "POST", user: member, form: { ...form, url: `https://www.youtube.com/watch?v=${FAKE_VIDEOS.short}&t=2m31s` } });
    expect(res.status).toBe(303);
    const id = Number(res.headers.get("location")?.match(/^\/post\/(\d+)$/)?.[1]);
    expect(storedStart(id)).toBe(151);
    const json = await (await api.fetch(`/api/posts/${id}`)).json();
    expect(json).toMatchObject({ id, videoId: FAKE_VIDEOS.short, videoStart: 151 });
    const $ = cheerio.load(await (await api.fetch(`/post/${id}`)).text());
    expect($("a.watch").attr("href")).toBe(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.short}&t=151s`);

    const plain = await api.fetch("/share", { method: "POST", user: member, form: { ...form, title: "From the start", text: "so funny from the start", url: `https://youtu.be/${FAKE_VIDEOS.short}?si=abc` } });
    // Another quote: the same one again would be refused as already shared (409).
    const plainId = Number(plain.headers.get("location")?.match(/^\/post\/(\d+)$/)?.[1]);
    expect(storedStart(plainId)).toBeNull();
    expect((await (await api.fetch(`/api/posts/${plainId}`)).json()).videoStart).toBeNull();
  });

  it("POST /api/posts takes videoStart in whole seconds (0 or null: the start) and refuses anything else with 400", async () => {
    const member = await api.user();
    const created = await api.fetch("/api/posts", { method: "POST", user: member, json: { ...SHARE, videoStart: 3723 } });
    expect(created.status).toBe(201);
    const post = await created.json();
    expect(post.videoStart).toBe(3723);
    expect(storedStart(post.id)).toBe(3723);
    const zero = await (await api.fetch("/api/posts", { method: "POST", user: member, json: { ...SHARE, title: "From zero", comment: "the bit at the start", videoStart: 0 } })).json();
    expect(storedStart(zero.id)).toBeNull();
    for (const videoStart of [-1, 1.5, "151", 360_000, "2m31s", true]) {
      const refused = await api.fetch("/api/posts", { method: "POST", user: member, json: { ...SHARE, title: `Bad ${String(videoStart)}`, videoStart } });
      expect(refused.status, String(videoStart)).toBe(400);
      expect((await refused.json()).message).toBe("Video start must be a whole number of seconds from 0 to 359999.");
    }
  });
});

describe("the post page's player", () => {
  it("is our poster and a 'Play here' link until pressed: no frame and no YouTube address but the outbound links", async () => {
    const author = await api.user();
    const post = api.post(author.id, { videoId: FAKE_VIDEOS.funny, videoStart: 151 });
    const res = await api.fetch(`/post/${post.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const $ = cheerio.load(html);
    expect($("iframe")).toHaveLength(0);
    expect(html).not.toContain("youtube-nocookie");
    const play = $("a#player");
    expect(play.text()).toBe("Play here");
    expect(play.attr("href")).toBe("?play=1#player");
    // The poster comes from our own origin (a path, no host).
    expect(play.find("img").attr("src")).toBe(`/thumbnails/${FAKE_VIDEOS.funny}.jpg?size=large`);
    // Every YouTube address in the page is a link to leave by, none is loaded.
    const loaded = $("[src]").map((_, el) => $(el).attr("src")).get();
    expect(loaded.filter((src) => /youtube|ytimg|youtu\.be/.test(src))).toEqual([]);
  });

  it("with ?play=1 holds the youtube-nocookie frame at the moment, rendered by the server", async () => {
    const author = await api.user();
    const post = api.post(author.id, { videoId: FAKE_VIDEOS.funny, videoStart: 151, videoTitle: "The <funny> video" });
    const $ = cheerio.load(await (await api.fetch(`/post/${post.id}?play=1`)).text());
    const frame = $("#player > iframe");
    expect(frame).toHaveLength(1);
    expect(frame.attr("src")).toBe(`https://www.youtube-nocookie.com/embed/${FAKE_VIDEOS.funny}?start=151&autoplay=1&rel=0`);
    expect(frame.attr("allow")).toBe("autoplay; encrypted-media; picture-in-picture");
    expect(frame.attr("allowfullscreen")).toBe("");
    expect(frame.attr("title")).toBe("YouTube video: The <funny> video");
    expect($("a#player")).toHaveLength(0);
    // A post without a moment starts at the start.
    const fromStart = api.post(author.id, { videoId: FAKE_VIDEOS.short });
    const other = cheerio.load(await (await api.fetch(`/post/${fromStart.id}?play=1`)).text());
    expect(other("#player > iframe").attr("src")).toBe(`https://www.youtube-nocookie.com/embed/${FAKE_VIDEOS.short}?autoplay=1&rel=0`);
  });

  it("is not offered for a post whose video is unknown", async () => {
    const author = await api.user();
    const post = api.post(author.id, { videoId: "unknown" });
    const $ = cheerio.load(await (await api.fetch(`/post/${post.id}?play=1`)).text());
    expect($("#player")).toHaveLength(0);
    expect($("[data-video-thumbnail]")).toHaveLength(1);
  });

  it("frames that one origin and nothing else, on a fresh page and on one the memos give again", async () => {
    const author = await api.user();
    const post = api.post(author.id, { videoId: FAKE_VIDEOS.funny, videoStart: 7 });
    const pages = [];
    for (const path of [`/post/${post.id}?play=1`, `/post/${post.id}?play=1`, `/post/${post.id}`, `/post/${post.id}?play=1`]) {
      const res = await api.fetch(path);
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      expect(csp.split("; ").filter((d) => /^(frame|child)-src /.test(d)), path).toEqual(["frame-src https://www.youtube-nocookie.com"]);
      pages.push({ path, frames: cheerio.load(await res.text())("iframe").length, csp });
    }
    // The memos keep ?play=1 and the plain page apart (the URL is in their keys).
    expect(pages.map((p) => p.frames)).toEqual([1, 1, 0, 1]);
    // A stored page's inline scripts are named by hash: the same page, the same policy.
    expect(pages[1].csp).toBe(pages[0].csp);
  });
});

describe("times in a quote and in a comment", () => {
  it("link to that second of the video, as outbound member links, and a time of day or a bound stays text", async () => {
    const author = await api.user();
    const post = api.post(author.id, { videoId: FAKE_VIDEOS.funny, comment: "at 2:31 he falls <b>again</b>, 12:30pm" });
    createComment({ userId: author.id, postId: post.id, content: "no, 1:02:03 is better than 60:00 or 0:07" });
    const $ = cheerio.load(await (await api.fetch(`/post/${post.id}`)).text());
    const quote = $(".said a");
    expect(quote.map((_, a) => $(a).text()).get()).toEqual(["2:31"]);
    expect(quote.attr("href")).toBe(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}&t=151s`);
    expect(quote.attr("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(quote.attr("target")).toBe("_blank");
    expect($(".said").text()).toBe("“at 2:31 he falls <b>again</b>, 12:30pm”");
    const comment = $(".cmt-text a");
    expect(comment.map((_, a) => [[$(a).text(), $(a).attr("href")]]).get()).toEqual([
      ["1:02:03", `https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}&t=3723s`],
      ["0:07", `https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}&t=7s`],
    ]);
    // The home feed's card links its quote's times too.
    const home = cheerio.load(await (await api.fetch(`/?sort=new`)).text());
    expect(home(`#post-${post.id} .said a`).attr("href")).toBe(`https://www.youtube.com/watch?v=${FAKE_VIDEOS.funny}&t=151s`);
  });

  it("are text where the video is unknown", async () => {
    const author = await api.user();
    const post = api.post(author.id, { videoId: "unknown", comment: "at 2:31" });
    const $ = cheerio.load(await (await api.fetch(`/post/${post.id}`)).text());
    expect($(".said a")).toHaveLength(0);
    expect($(".said").text()).toBe("“at 2:31”");
  });
});
