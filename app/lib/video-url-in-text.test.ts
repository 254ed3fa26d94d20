import { describe, expect, it } from "vitest";
import { findVideoLink, MAX_SHARED_LINK_LENGTH } from "./video-url.ts";

const ID = "dQw4w9WgXcQ";

describe("findVideoLink: the video link in what a share sheet sends", () => {
  it.each([
    // the link alone, as Android's YouTube app sends it in `text`
    [`https://youtu.be/${ID}?si=AbCdEfGhIjKlMnOp`, `https://youtu.be/${ID}?si=AbCdEfGhIjKlMnOp`],
    // "Title link"
    [`Never Gonna Give You Up https://youtu.be/${ID}`, `https://youtu.be/${ID}`],
    // words around it, over lines
    [`lol look at this\nhttps://www.youtube.com/watch?v=${ID}&t=42s the comments are gold`, `https://www.youtube.com/watch?v=${ID}&t=42s`],
    // a comment link keeps its lc=
    [`this reply https://www.youtube.com/watch?v=${ID}&lc=UgzFakeCommentId.AbC`, `https://www.youtube.com/watch?v=${ID}&lc=UgzFakeCommentId.AbC`],
    [`https://youtube.com/shorts/${ID}?si=x1`, `https://youtube.com/shorts/${ID}?si=x1`],
    // brackets, quotes and punctuation around it
    [`Watch "Rick" on YouTube (https://youtu.be/${ID}).`, `https://youtu.be/${ID}`],
    [`«https://m.youtube.com/watch?v=${ID}»!`, `https://m.youtube.com/watch?v=${ID}`],
    [`<https://youtu.be/${ID}>`, `https://youtu.be/${ID}`],
    // glued after a word
    [`Look:https://youtu.be/${ID}`, `https://youtu.be/${ID}`],
    // without a scheme
    [`see youtu.be/${ID} now`, `youtu.be/${ID}`],
    // the first of two
    [`https://youtu.be/${ID} and https://youtu.be/jNQXAC9IVRw`, `https://youtu.be/${ID}`],
    // a YouTube link that is not a video's, then one that is
    [`https://www.youtube.com/@channel then https://youtu.be/${ID}`, `https://youtu.be/${ID}`],
  ])("%j → %j", (text, link) => {
    expect(findVideoLink(text)).toBe(link);
  });

  it.each([
    [null],
    [""],
    ["no link here at all"],
    // a bare id, or an 11-letter word, is not a link in prose
    [ID],
    ["what a masterpiece"],
    ["https://vimeo.com/76979871"],
    ["https://example.com/watch?v=dQw4w9WgXcQ"],
    ["https://www.youtube.com/@someChannel"],
    ["https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG"],
    [`https://evil.example/?u=youtube.com`],
  ])("%j → null", (text) => {
    expect(findVideoLink(text)).toBeNull();
  });

  it("does not take a word longer than the bound as a link", () => {
    const long = `https://www.youtube.com/watch?v=${ID}&pad=${"x".repeat(MAX_SHARED_LINK_LENGTH)}`;
    expect(findVideoLink(long)).toBeNull();
    expect(findVideoLink(`${long} https://youtu.be/${ID}`)).toBe(`https://youtu.be/${ID}`);
  });
});
