import { describe, expect, it } from "vitest";
import { atomXml, escapeXml, feedUpdated, urlsetXml } from "./xml.server.ts";

describe("escapeXml", () => {
  it("escapes the five markup characters and drops what XML 1.0 forbids", () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
    expect(escapeXml("bell\u0007 nul\u0000 tab\t ok 😂")).toBe("bell nul tab\t ok 😂");
  });
});

describe("atomXml", () => {
  it("puts the newest entry's date in <updated>, the epoch for an empty feed", () => {
    const a = new Date("2026-01-01T00:00:00Z");
    const b = new Date("2026-02-01T00:00:00Z");
    expect(feedUpdated([{ updated: a }, { updated: b }])).toEqual(b);
    const empty = atomXml({ id: "https://x/feed.xml", title: "T", self: "https://x/feed.xml", alternate: "https://x/", entries: [] });
    expect(empty).toContain("<updated>1970-01-01T00:00:00.000Z</updated>");
    expect(empty).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  });

  it("escapes entry HTML once more inside type=html content", () => {
    const xml = atomXml({
      id: "i",
      title: "T",
      self: "s",
      alternate: "a",
      entries: [
        {
          id: "e",
          title: "<b>",
          link: "https://x/post/1?a=1&b=2",
          updated: new Date(0),
          author: { name: "A & B" },
          contentHtml: "<p>&lt;script&gt;</p>",
        },
      ],
    });
    expect(xml).toContain('<title type="text">&lt;b&gt;</title>');
    expect(xml).toContain('href="https://x/post/1?a=1&amp;b=2"');
    expect(xml).toContain("<name>A &amp; B</name>");
    expect(xml).toContain('<content type="html">&lt;p&gt;&amp;lt;script&amp;gt;&lt;/p&gt;</content>');
  });
});

describe("urlsetXml", () => {
  it("lists locations with optional lastmod", () => {
    const xml = urlsetXml([{ loc: "https://x/" }, { loc: "https://x/post/1", lastmod: new Date(0) }]);
    expect(xml).toContain("<url><loc>https://x/</loc></url>");
    expect(xml).toContain("<url><loc>https://x/post/1</loc><lastmod>1970-01-01T00:00:00.000Z</lastmod></url>");
  });
});
