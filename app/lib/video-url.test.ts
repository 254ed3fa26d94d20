import { describe, expect, it } from "vitest";
import { embedUrl } from "./video-embed.ts";
import { MAX_MOMENT_SECONDS, parseVideoId, parseVideoStart, thumbnailUrl, watchUrl } from "./video-url.ts";

const ID = "dQw4w9WgXcQ";
const DASHED = "a-b_C-d_E1F"; // every character class the id allows

describe("parseVideoId", () => {
  it.each([
    // watch?v= with v anywhere in the query and the parameters people paste
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}&t=42`, ID],
    [`https://www.youtube.com/watch?v=${ID}&t=1m30s`, ID],
    [`https://www.youtube.com/watch?feature=share&v=${ID}`, ID],
    [`https://www.youtube.com/watch?app=desktop&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG&index=3&v=${ID}&pp=ygUFaGVsbG8%3D`, ID],
    [`https://www.youtube.com/watch?v=${ID}&si=AbCdEfGhIjKlMnOp&start=10`, ID],
    [`https://www.youtube.com/watch?v=${ID}&lc=UgzFakeCommentId`, ID],
    [`https://www.youtube.com/watch?v=${DASHED}`, DASHED],
    [`http://www.youtube.com/watch?v=${ID}`, ID],
    [`https://youtube.com/watch?v=${ID}`, ID],
    [`https://m.youtube.com/watch?v=${ID}&feature=youtu.be`, ID],
    [`https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`, ID],
    [`https://www.youtubekids.com/watch?v=${ID}`, ID],
    [`https://www.youtube.com/?v=${ID}`, ID],
    // without a scheme, with odd case and whitespace around
    [`www.youtube.com/watch?v=${ID}`, ID],
    [`youtube.com/watch?v=${ID}`, ID],
    [`youtu.be/${ID}`, ID],
    [`  https://WWW.YouTube.COM/watch?v=${ID}  `, ID],
    [`https://www.youtube.com./watch?v=${ID}`, ID],
    // after #!
    [`https://www.youtube.com/watch#!v=${ID}`, ID],
    [`https://www.youtube.com/#!watch?v=${ID}`, ID],
    [`https://www.youtube.com/#!/watch?feature=x&v=${ID}`, ID],
    // path forms
    [`https://youtu.be/${ID}`, ID],
    [`https://youtu.be/${ID}?si=AbCdEfGhIjKlMnOp`, ID],
    [`https://youtu.be/${ID}?t=42`, ID],
    [`https://youtu.be/${ID}&t=42`, ID],
    [`https://www.youtu.be/${ID}`, ID],
    [`https://www.youtube.com/shorts/${ID}`, ID],
    [`https://youtube.com/shorts/${ID}?feature=share`, ID],
    [`https://m.youtube.com/shorts/${ID}`, ID],
    [`https://www.youtube.com/embed/${ID}`, ID],
    [`https://www.youtube.com/embed/${ID}?start=30&autoplay=1`, ID],
    [`https://www.youtube-nocookie.com/embed/${ID}?rel=0`, ID],
    [`https://youtube-nocookie.com/embed/${ID}`, ID],
    [`https://www.youtube.com/live/${ID}`, ID],
    [`https://www.youtube.com/live/${ID}?si=xyz&t=100`, ID],
    [`https://www.youtube.com/v/${ID}?version=3`, ID],
    [`https://www.youtube.com/e/${ID}`, ID],
    [`https://www.youtube.com/Shorts/${ID}`, ID],
    // a bare id
    [ID, ID],
    [DASHED, DASHED],
    [`  ${ID}\n`, ID],
  ])("reads %s", (input, expected) => {
    expect(parseVideoId(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "hello world",
    "dQw4w9WgXc", // 10 characters
    "dQw4w9WgXcQQ", // 12 characters
    "dQw4w9WgXc!",
    "https://",
    "https://www.youtube.com/",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=",
    "https://www.youtube.com/watch?v=short",
    `https://www.youtube.com/watch?v=${ID}Q`, // 12 id characters
    `https://www.youtube.com/watch?vid=${ID}`,
    "https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG",
    "https://www.youtube.com/@SomeChannel",
    "https://www.youtube.com/channel/UC38IQsAvIsxxjztdMZQtwHA",
    "https://www.youtube.com/live_stream?channel=UC38IQsAvIsxxjztdMZQtwHA",
    `https://www.youtube.com/results?search_query=${ID}`,
    "https://youtu.be/",
    `https://youtu.be/watch?v=${ID}x`,
    `https://vimeo.com/${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/youtube.com/watch?v=${ID}`,
    `https://evil.example/?u=https://youtu.be/${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `javascript:alert('${ID}')`,
    `data:text/html,${ID}`,
    `https://www.youtube.com/embed/`,
    `https://www.youtube.com/shorts/${ID.slice(0, 10)}`,
    `https://www.youtube.com/watch?v=${"x".repeat(3000)}`,
  ])("rejects %j", (input) => {
    expect(parseVideoId(input)).toBeNull();
  });

  it("rejects missing input", () => {
    expect(parseVideoId(null)).toBeNull();
    expect(parseVideoId(undefined)).toBeNull();
  });
});

describe("video links", () => {
  it("builds the canonical watch link and the hqdefault thumbnail", () => {
    expect(watchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(thumbnailUrl(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
    expect(parseVideoId(watchUrl(DASHED))).toBe(DASHED);
  });
});

describe("parseVideoStart", () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}&t=151`, 151],
    [`https://www.youtube.com/watch?v=${ID}&t=151s`, 151],
    [`https://www.youtube.com/watch?v=${ID}&t=2m31s`, 151],
    [`https://www.youtube.com/watch?v=${ID}&t=1h2m3s`, 3723],
    [`https://www.youtube.com/watch?v=${ID}&t=1H2M3S`, 3723],
    [`https://www.youtube.com/watch?v=${ID}&t=2m`, 120],
    [`https://www.youtube.com/watch?v=${ID}&t=1h`, 3600],
    [`https://www.youtube.com/watch?v=${ID}&t=1m30`, 90],
    [`https://www.youtube.com/watch?t=42&v=${ID}`, 42],
    [`https://www.youtube.com/watch?v=${ID}&start=10`, 10],
    [`https://www.youtube.com/embed/${ID}?start=30&autoplay=1`, 30],
    [`https://youtu.be/${ID}?t=151`, 151],
    [`https://youtu.be/${ID}?si=AbCdEfGhIjKlMnOp&t=151`, 151],
    [`https://youtu.be/${ID}&t=42`, 42],
    [`youtu.be/${ID}?t=7`, 7],
    [`https://www.youtube.com/watch?v=${ID}#t=1m5s`, 65],
    [`https://www.youtube.com/#!watch?v=${ID}&t=9`, 9],
    [`https://www.youtube.com/live/${ID}?si=xyz&t=100`, 100],
    [`https://www.youtube.com/watch?v=${ID}&t=99h59m59s`, MAX_MOMENT_SECONDS],
    [`https://www.youtube.com/watch?v=${ID}&t=${MAX_MOMENT_SECONDS}`, MAX_MOMENT_SECONDS],
    // the query's t wins over the fragment's; t over start
    [`https://www.youtube.com/watch?v=${ID}&t=5#t=9`, 5],
    [`https://www.youtube.com/watch?v=${ID}&start=8&t=5`, 5],
  ])("reads %s", (input, expected) => {
    expect(parseVideoStart(input)).toBe(expected);
  });

  it.each([
    ID, // a bare id has no moment
    `https://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}&t=`,
    `https://www.youtube.com/watch?v=${ID}&t=0`,
    `https://www.youtube.com/watch?v=${ID}&t=0s`,
    `https://www.youtube.com/watch?v=${ID}&t=s`,
    `https://www.youtube.com/watch?v=${ID}&t=m`,
    `https://www.youtube.com/watch?v=${ID}&t=-5`,
    `https://www.youtube.com/watch?v=${ID}&t=1.5`,
    `https://www.youtube.com/watch?v=${ID}&t=2:31`,
    `https://www.youtube.com/watch?v=${ID}&t=abc`,
    `https://www.youtube.com/watch?v=${ID}&t=${MAX_MOMENT_SECONDS + 1}`,
    `https://www.youtube.com/watch?v=${ID}&t=100h`,
    `https://www.youtube.com/watch?v=${ID}&t=1234567`,
    `https://www.youtube.com/watch?v=${ID}&lc=Ugz123`,
    `https://evil.example/watch?v=${ID}&t=151`, // not a video's link
    "https://youtu.be/?t=151",
    `https://www.youtube.com/watch?v=${ID}&t=1${"0".repeat(2000)}`,
    "",
  ])("finds no moment in %j", (input) => {
    expect(parseVideoStart(input)).toBeNull();
  });

  it("rejects missing input", () => {
    expect(parseVideoStart(null)).toBeNull();
    expect(parseVideoStart(undefined)).toBeNull();
  });
});

describe("links to a moment and the player", () => {
  it("adds the moment to the watch link only when there is one", () => {
    expect(watchUrl(ID, 151)).toBe(`https://www.youtube.com/watch?v=${ID}&t=151s`);
    expect(watchUrl(ID, null)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(watchUrl(ID, 0)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(parseVideoStart(watchUrl(ID, 151))).toBe(151);
  });

  it("builds the privacy-enhanced player's address", () => {
    expect(embedUrl(ID, 151)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?start=151&autoplay=1&rel=0`);
    expect(embedUrl(ID, null)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&rel=0`);
    expect(parseVideoId(embedUrl(DASHED, 3))).toBe(DASHED);
    expect(parseVideoStart(embedUrl(DASHED, 3))).toBe(3);
  });
});
