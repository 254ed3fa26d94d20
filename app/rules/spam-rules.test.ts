import { describe, expect, it } from "vitest";
import { hasLink, normalisedForRepeats } from "./spam-rules.ts";

describe("hasLink", () => {
  it("finds schemes, www. and bare names under common top-level domains", () => {
    for (const text of ["see http://x.y/z", "HTTPS://EXAMPLE.ORG", "go to www.deals.test", "cheap-pills.com today", "visit shop.example.xyz!", "ftp://files.test"]) {
      expect(hasLink(text), text).toBe(true);
    }
  });
  it("leaves ordinary sentences alone", () => {
    for (const text of ["I laughed so hard.", "e.g. this one", "Node.js is fun", "3.14 is pi", "Ha!.. ok"]) expect(hasLink(text), text).toBe(false);
  });
});

describe("normalisedForRepeats", () => {
  it("makes case, spacing, punctuation, emoji, invisible and compatibility characters no difference", () => {
    const base = normalisedForRepeats("Buy cheap watches now");
    for (const variant of ["buy CHEAP watches now!!!", "  Buy  cheap\nwatches now 😀", "B\u200Buy cheap watches now", "Ｂｕｙ cheap watches now"]) {
      expect(normalisedForRepeats(variant), variant).toBe(base);
    }
    expect(normalisedForRepeats("Buy cheap watches later")).not.toBe(base);
  });
});
