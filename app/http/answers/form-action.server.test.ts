import { describe, expect, it } from "vitest";
import { withAnchor } from "./form-action.server.ts";

describe("withAnchor", () => {
  it("adds the anchor and drops the one-shot parameters", () => {
    expect(withAnchor("/post/3?replyTo=9&sort=new", "comment-9")).toBe("/post/3?sort=new#comment-9");
  });

  it("never leaves the site, whatever a crafted path normalised to", () => {
    expect(withAnchor("/post/../..//evil.com")).toBe("/");
    expect(withAnchor("//evil.com/x", "post-1")).toBe("/x#post-1");
  });
});
