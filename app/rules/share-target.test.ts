import { describe, expect, it } from "vitest";
import { MAX_REDIRECT_LENGTH } from "../lib/redirect.ts";
import { visibleLength } from "../lib/text.ts";
import { POST_LIMITS } from "./post-rules.ts";
import { readShareState } from "./share-dialog-state.ts";
import { shareTargetHref, shareTargetState } from "./share-target.ts";

const ID = "dQw4w9WgXcQ";
/** The dialog's state as its own reader reads the href back. */
const dialogOf = (href: string) => {
  const url = new URL(href, "http://local.invalid");
  expect(url.pathname).toBe("/");
  expect(url.searchParams.get("share")).toBe("1");
  const { step, values } = readShareState(url.searchParams);
  return { step, url: values.url, title: values.title };
};

describe("shareTargetState: where a share opens the dialog", () => {
  it.each([
    ["the link in url, the title beside it", { title: "Never Gonna", url: `https://youtu.be/${ID}` }, { step: 2, url: `https://youtu.be/${ID}`, title: "Never Gonna" }],
    ["'Title link' in text", { text: `Never Gonna Give You Up https://youtu.be/${ID}?si=Ab12` }, { step: 2, url: `https://youtu.be/${ID}?si=Ab12`, title: "Never Gonna Give You Up" }],
    ["words around the link", { text: `lol the comments on this\nhttps://youtu.be/${ID} are gold` }, { step: 2, url: `https://youtu.be/${ID}`, title: "lol the comments on this are gold" }],
    ["title and text saying the same", { title: "Funny cats", text: `Funny cats https://youtu.be/${ID}` }, { step: 2, url: `https://youtu.be/${ID}`, title: "Funny cats" }],
    ["title and text saying more", { title: "Cats", text: `Cats on YouTube https://youtu.be/${ID}` }, { step: 2, url: `https://youtu.be/${ID}`, title: "Cats on YouTube" }],
    ["title and other words", { title: "Cats", text: `you must see https://youtu.be/${ID}` }, { step: 2, url: `https://youtu.be/${ID}`, title: "Cats you must see" }],
    ["a comment link", { text: `https://www.youtube.com/watch?v=${ID}&lc=UgxAbc123` }, { step: 2, url: `https://www.youtube.com/watch?v=${ID}&lc=UgxAbc123`, title: "" }],
    ["a short", { text: `https://youtube.com/shorts/${ID}?si=x` }, { step: 2, url: `https://youtube.com/shorts/${ID}?si=x`, title: "" }],
    ["a link in the title alone", { title: `https://youtu.be/${ID}` }, { step: 2, url: `https://youtu.be/${ID}`, title: "" }],
    ["a YouTube link in text beats another link in url", { url: "https://example.com/x", text: `https://youtu.be/${ID}` }, { step: 2, url: `https://youtu.be/${ID}`, title: "" }],
    ["another site's link", { title: "A cat", text: "Look https://vimeo.com/76979871 wow" }, { step: 1, url: "https://vimeo.com/76979871", title: "A cat Look wow" }],
    ["another site's link in url", { title: "A cat", url: "https://vimeo.com/76979871" }, { step: 1, url: "https://vimeo.com/76979871", title: "A cat" }],
    ["words only", { text: "just some words" }, { step: 1, url: "", title: "just some words" }],
    ["nothing", {}, { step: 1, url: "", title: "" }],
  ])("%s", (_, shared, expected) => {
    const { step, values } = shareTargetState(shared);
    expect({ step, url: values.url, title: values.title }).toEqual(expected);
    // The href says the same, read back by the dialog's own reader.
    expect(dialogOf(shareTargetHref(shared))).toEqual(expected);
  });

  it("cuts the title to the post title's limit", () => {
    const { values } = shareTargetState({ text: `${"ha ".repeat(400)}https://youtu.be/${ID}` });
    expect(visibleLength(values.title)).toBeLessThanOrEqual(POST_LIMITS.titleMax);
    expect(values.url).toBe(`https://youtu.be/${ID}`);
  });
});

describe("shareTargetHref: fits the way back after sign-in", () => {
  it("cuts a title of many encoded characters until the href fits, keeping the link", () => {
    const href = shareTargetHref({ title: "😂漢字".repeat(100), text: `https://youtu.be/${ID}` });
    expect(href.length).toBeLessThanOrEqual(MAX_REDIRECT_LENGTH);
    const dialog = dialogOf(href);
    expect(dialog).toMatchObject({ step: 2, url: `https://youtu.be/${ID}` });
    expect(dialog.title.length).toBeGreaterThan(10);
    expect("😂漢字".repeat(100).startsWith(dialog.title)).toBe(true);
  });

  it("leaves out a link too long to carry back, keeping the words", () => {
    const href = shareTargetHref({ title: "A long one", url: `https://example.com/${"%E2%9C%93".repeat(300)}` });
    expect(href.length).toBeLessThanOrEqual(MAX_REDIRECT_LENGTH);
    expect(dialogOf(href)).toEqual({ step: 1, url: "", title: "A long one" });
  });
});
