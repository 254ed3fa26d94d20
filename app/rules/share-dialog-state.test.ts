import { describe, expect, it } from "vitest";
import { MAX_COMMENT_PAGES, pageWithoutShare, readShareState, shareHref } from "./share-dialog-state.ts";

describe("the share dialog's URL state", () => {
  it("round-trips through the URL, leaving empty fields out", () => {
    const state = {
      step: 2 as const,
      values: { url: "https://youtu.be/dQw4w9WgXcQ?t=1", title: "A & B", text: "line 1\nline 2", author: "@x", category: "DIY", order: "time" as const, pick: "Ugx1", find: "cat words" },
      pageTokens: ["tok1", "tok2"],
      errors: ["fields" as const],
    };
    const href = shareHref("/category/diy?sort=new", state, "#here");
    expect(href.startsWith("/category/diy?sort=new&share=1&step=2&")).toBe(true);
    expect(href.endsWith("#here")).toBe(true);
    const url = new URL(href, "http://x");
    expect(readShareState(url.searchParams)).toEqual(state);
    expect(shareHref("/")).toBe("/?share=1&step=1");
  });

  it("reads forms too, with CRLF line breaks as LF", () => {
    const form = new FormData();
    form.set("text", "a\r\nb");
    form.set("step", "2");
    expect(readShareState(form).values.text).toBe("a\nb");
  });

  it("defaults and bounds whatever a hand-made URL carries", () => {
    const params = new URLSearchParams({ step: "7", order: "best", err: "toString", title: "t".repeat(5000) });
    for (let i = 0; i < 20; i++) params.append("pageToken", `t${i}`);
    params.append("pageToken", "x".repeat(400));
    params.append("err", "url");
    params.append("err", "url");
    const state = readShareState(params);
    expect(state.step).toBe(1);
    expect(state.values.order).toBe("relevance");
    expect(state.values.title).toHaveLength(300);
    expect(state.pageTokens).toHaveLength(MAX_COMMENT_PAGES - 1);
    expect(state.errors).toEqual(["url"]);
  });

  it("strips only the dialog's parameters from the page underneath", () => {
    const url = new URL("http://x/?sort=top&t=week&share=1&step=2&url=u&title=t&text=x&author=a&cat=DIY&order=time&pick=p&pageToken=k&err=url");
    expect(pageWithoutShare(url)).toBe("/?sort=top&t=week");
    expect(pageWithoutShare(new URL("http://x/post/4?share=1"))).toBe("/post/4");
  });
});
