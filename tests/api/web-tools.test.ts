// The web's own tools, run against the built server on the seeded demo data (docs/decisions/0025):
// an HTML validator over every page kind, as a visitor, a member and an admin, light and dark; a
// crawler over every link and GET form; every Atom feed the pages link through a feed parser; the
// link-preview tags of every public page kind through a preview scraper; the sitemap against its XSD.
//
// HTML validator: html-validate, ruleset tests/api/html-validate.json (its "recommended" preset: the
// HTML standard's content models and nesting, unique ids, landmarks, forms, accessibility basics),
// with these rules changed, each because it checks how React writes valid HTML, not what it means:
//
// | rule | why it is off or relaxed |
// |---|---|
// | attr-case | React writes camelCase attribute names (`charSet`, `dateTime`, `maxLength`, `noValidate`); HTML attribute names are case-insensitive |
// | void-style | React closes void elements (`<meta/>`, `<input/>`); the slash is allowed on void elements |
// | attribute-boolean-style | React writes boolean attributes with an empty value (`disabled=""`, `selected=""`), which the standard allows |
// | valid-id (relaxed) | React's `useId` makes ids like `_R_1a_`: valid HTML (no spaces, unique), only not a bare CSS identifier |
//
// Everything else in the preset is an error: a wrong nesting, a duplicate id, a form control without a
// label, a button without a type … fails the test with the page, the caller, the theme and the element.
// KNOWN below lists the real errors found and not yet fixed: they are not ignored (the test fails when
// one of them is gone, so the list shrinks), only kept from hiding a new one.
import fs from "node:fs";
import path from "node:path";
import { parseFeed } from "@rowanmanning/feed-parser";
import * as cheerio from "cheerio";
import { HtmlValidate, type ConfigData } from "html-validate";
import ogs from "open-graph-scraper";
import { validateXML } from "xmllint-wasm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiClient } from "../support/api-client.ts";
import { startThumbnailFake, type ThumbnailFake } from "../fixtures/thumbnail-fake.ts";
import { crawl, linksOf } from "../support/crawler.ts";
import { cookieFor, pageUrls, seededSite, stateUrls, type Site } from "../support/site-pages.ts";

const RULES = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "html-validate.json"), "utf8")) as ConfigData;
const THEMES = ["light", "dark"] as const;

/** Real errors not fixed yet, by route id, rule and element. */
const KNOWN: Record<string, string> = {};

let api: ApiClient;
let site: Site;
let thumbnails: ThumbnailFake;

beforeAll(async () => {
  // The video thumbnails come from the local fake of YouTube's image host: no request leaves the machine.
  thumbnails = await startThumbnailFake();
  api = await startApiServer({ SEED_DEMO: "true", THUMBNAIL_BASE_URL: thumbnails.url });
  site = await seededSite(api);
});

afterAll(async () => {
  await api?.stop();
  await thumbnails?.stop();
});

/** Runs `fn` over `items`, `width` at a time (the server has two cores; so has the test). */
async function inTurns<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(Array.from({ length: width }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
  }));
}

describe("HTML validator (html-validate)", () => {
  it("finds no error on any page kind, for a visitor, a member and an admin, light and dark", async () => {
    const validator = new HtmlValidate(RULES);
    const callers = { visitor: null, member: site.member, admin: site.admin };
    const pages = [...pageUrls(site), ...stateUrls(site)];
    const runs = pages.flatMap((p) => Object.entries(callers).flatMap(([who, user]) => THEMES.map((theme) => ({ ...p, who, user, theme }))));
    const errors = new Set<string>();
    const known = new Set<string>();
    const validated = new Map<string, string[]>();
    await inTurns(runs, 4, async ({ id, url, who, user, theme }) => {
      const res = await fetch(`${api.url}${url}`, { headers: { Cookie: cookieFor(user, theme) }, redirect: "manual" });
      expect(res.status, `${url} as ${who}`).toBeLessThan(500);
      if (!res.headers.get("Content-Type")?.startsWith("text/html")) return void (await res.body?.cancel());
      const html = await res.text();
      const report = await validator.validateString(html, url);
      for (const m of report.results.flatMap((r) => r.messages)) {
        const key = `${id}: ${m.ruleId} at ${m.selector}`;
        if (KNOWN[key]) known.add(key);
        else errors.add(`${url} (${id}) as ${who}, ${theme}: ${m.ruleId}: ${m.message} at ${m.selector ?? `${m.line}:${m.column}`}`);
      }
      validated.set(id, [...(validated.get(id) ?? []), `${who}/${theme}/${res.status}`]);
    });
    expect([...errors].sort()).toEqual([]);
    expect([...known].sort(), "a known error is gone: take it off KNOWN").toEqual(Object.keys(KNOWN).sort());
    // Every page kind was validated for at least one caller (a kind that only redirects is a bug here).
    expect(pages.filter((p) => !validated.has(p.id)).map((p) => p.url)).toEqual([]);
    expect(validated.size).toBeGreaterThanOrEqual(20);
  }, 120_000);
});

// Crawler (tests/support/crawler.ts): breadth-first from the start pages, as each caller, following every
// same-origin <a href> (the fragment dropped) and every GET form submitted with its default values,
// and every redirect's Location. Bounded: 400 URLs per caller (the admin's crawl reads only /admin pages on), and at most 4 URLs of one
// shape (/post/N?sort: ids and query values aside), so the bound is spent on kinds of pages, not on
// the 40th post. Its rules: no answer is 5xx; no URL the site wrote answers 4xx (a link to a page the
// caller may not see is a broken link too: the site should not have written it); a redirect names
// where. Nothing is ignored. A crawl stopped by its time guard (120 s, far past a crawl's few seconds)
// fails: a crawl that did not finish proved nothing about the pages it did not reach.
const CALLERS = [
  { who: "visitor", starts: () => ["/", "/categories", "/search?q=the"], user: () => null },
  { who: "member", starts: () => ["/", `/profile/${site.member.id}`, "/notifications", "/account/password"], user: () => site.member },
  // The admin's own pages: the rest of the site is the member's crawl.
  { who: "admin", starts: () => ["/admin"], user: () => site.admin, within: "/admin" },
] as const;

/** Each caller's crawl, made once: the feed and preview checks read the pages it found. */
const crawls = new Map<string, ReturnType<typeof crawl>>();
function crawlAs(who: (typeof CALLERS)[number]["who"]) {
  const caller = CALLERS.find((c) => c.who === who)!;
  if (!crawls.has(who)) {
    crawls.set(
      who,
      crawl({
        origin: api.url,
        cookie: cookieFor(caller.user(), "system"),
        starts: caller.starts(),
        limit: 400,
        perShape: 4,
        within: "within" in caller ? caller.within : undefined,
        budgetMs: 120_000,
        width: 4,
      }),
    );
  }
  return crawls.get(who)!;
}

describe("crawler (every link and GET form)", () => {
  it("reads links and GET forms as a browser submits them untouched", () => {
    const html = `<a href="/post/1#c2">a</a><a href="https://elsewhere.example/">b</a>
      <form action="/search"><input name="q" value="a&amp;b"><select name="sort"><option value="hot">Hot</option><option value="new" selected>New</option></select>
      <input type="checkbox" name="x"><input type="checkbox" name="y" checked value="1"><button name="go" value="1">Go</button></form>
      <form method="post" action="/post/1/vote"><input name="v" value="1"></form>`;
    expect(linksOf(html, "http://h/post/1")).toEqual(["http://h/post/1#c2", "https://elsewhere.example/", "http://h/search?q=a%26b&sort=new&y=1"]);
  });
  for (const caller of CALLERS) {
    it(`as a ${caller.who}: nothing broken, nothing 5xx`, async () => {
      const { visits, pages, stoppedBy } = await crawlAs(caller.who);
      const bad = visits.filter((v) => v.status >= 400 || (v.status >= 300 && v.status < 400 && !v.location));
      expect(bad.map((v) => `${v.status} ${v.url} (linked from ${v.from})`)).toEqual([]);
      console.log(`crawler as ${caller.who}: ${visits.length} URLs, ${pages.size} pages${stoppedBy ? `, stopped by ${stoppedBy}` : ""}`);
      expect(stoppedBy ?? "", "the crawl ran out of time before it reached every URL").not.toMatch(/time budget/);
      expect(pages.size).toBeGreaterThan(caller.who === "admin" ? 5 : 30);
    }, 180_000);
  }
});

// Feeds: every Atom feed linked by a page the visitor's and the member's crawls found
// (<link rel="alternate" type="application/atom+xml">), read by @rowanmanning/feed-parser. Its rules:
// the parser takes it as Atom (it throws INVALID_FEED when it cannot); the feed has a title, its page's
// URL, its own URL (rel=self, the one the page linked) and an updated date; every entry an id, a title,
// a URL, a date, an author and a text; and the feeds of things that have posts or comments (the site's,
// the sampled category's, the member's, the sampled post's comments) have entries. Nothing is ignored.
describe("feeds (a feed parser)", () => {
  it("parses every feed the pages link, with entries where there are posts", async () => {
    const linked = new Map<string, string>();
    for (const who of ["visitor", "member"] as const) {
      const { pages } = await crawlAs(who);
      for (const [url, html] of pages) {
        const $ = cheerio.load(html);
        $('link[rel="alternate"][type="application/atom+xml"]').each((_, l) => void linked.set(new URL($(l).attr("href")!, api.url).href, url));
      }
    }
    const mustHaveEntries = ["/feed.xml", "/hot.xml", `/category/${site.category}/feed.xml`, `/profile/${site.member.id}/feed.xml`, `/post/${site.post}/comments.xml`];
    expect(linked.size).toBeGreaterThan(10);
    for (const p of mustHaveEntries) if (!linked.has(`${api.url}${p}`)) linked.set(`${api.url}${p}`, "(named here)");
    const problems: string[] = [];
    const counts = new Map<string, number>();
    await inTurns([...linked], 4, async ([href, from]) => {
      const res = await fetch(href);
      if (res.status !== 200) return void problems.push(`${res.status} ${href} (linked from ${from})`);
      const fail = (what: string) => void problems.push(`${href}: ${what}`);
      const xml = await res.text();
      // RFC 4287 §4.1.2: every entry has atom:updated; the parser would take atom:published in its place.
      const $feed = cheerio.load(xml, { xml: true });
      $feed("entry").each((i, entry) => {
        if ($feed(entry).children("updated").length !== 1) fail(`entry ${i + 1}: not exactly one <updated>`);
      });
      let feed;
      try {
        feed = parseFeed(xml);
      } catch (error) {
        return fail(`not a feed: ${(error as Error).message}`);
      }
      if (feed.meta.type !== "atom") fail(`parsed as ${feed.meta.type}`);
      if (!feed.title) fail("no title");
      if (!feed.url) fail("no page URL");
      if (feed.self !== href) fail(`rel=self is ${feed.self}`);
      if (!feed.updated) fail("no updated date");
      for (const item of feed.items) {
        const where = `entry ${item.id ?? item.title}`;
        if (!item.id || !item.title || !item.url) fail(`${where}: no id, title or URL`);
        if (!item.updated) fail(`${where}: no date`);
        if (item.authors.length === 0 && feed.authors.length === 0) fail(`${where}: no author`);
        if (!item.content && !item.description) fail(`${where}: no text`);
      }
      counts.set(new URL(href).pathname, feed.items.length);
    });
    expect(problems).toEqual([]);
    expect(Object.fromEntries(mustHaveEntries.map((p) => [p, (counts.get(p) ?? 0) > 0]))).toEqual(Object.fromEntries(mustHaveEntries.map((p) => [p, true])));
    console.log(`feeds: ${counts.size} parsed, ${[...counts.values()].reduce((a, b) => a + b, 0)} entries`);
  }, 60_000);
});

/** A PNG's or a JPEG's true width and height, read from its header; null for anything else. */
function rasterSize(bytes: Buffer): { type: string; width: number; height: number } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { type: "png", width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let i = 2; i + 9 < bytes.length; ) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1];
      // Start of frame (baseline, progressive …), not DHT, JPG or DAC.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { type: "jpeg", height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      }
      i += 2 + bytes.readUInt16BE(i + 2);
    }
  }
  return null;
}

// Previews: every public page kind (a page kind a visitor gets with 200 and no `noindex`), its HTML
// as the visitor got it read by open-graph-scraper (given the HTML, so it makes no request of its
// own). Its rules: og:title, og:description, og:url (this page's absolute URL, its query aside) and
// og:image with og:image:width and og:image:height; twitter:card; the image answers 200 as a PNG or a
// JPEG (preview services refuse SVG) whose true size is the one declared. Nothing is ignored.
describe("link previews (a preview scraper)", () => {
  it("every public page kind offers a title, a description, its URL and a raster image of its true size", async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    await inTurns(pageUrls(site), 4, async ({ id, url }) => {
      const res = await fetch(`${api.url}${url}`, { redirect: "manual" });
      const html = await res.text();
      if (res.status !== 200 || !res.headers.get("Content-Type")?.startsWith("text/html")) return;
      if (/<meta name="robots" content="[^"]*noindex/.test(html) || /noindex/.test(res.headers.get("X-Robots-Tag") ?? "")) return;
      checked.push(id);
      const fail = (what: string) => void problems.push(`${url} (${id}): ${what}`);
      const { result } = await ogs({ html });
      if (!result.ogTitle) fail("no og:title");
      if (!result.ogDescription) fail("no og:description");
      const pageUrl = new URL(url, api.url);
      pageUrl.search = "";
      if (result.ogUrl !== pageUrl.href) fail(`og:url is ${result.ogUrl}`);
      if (!result.twitterCard) fail("no twitter:card");
      const image = result.ogImage?.[0];
      if (!image?.url) return fail("no og:image");
      if (!image.width || !image.height) fail(`og:image ${image.url} has no width and height`);
      const picture = await fetch(new URL(image.url, api.url));
      const bytes = Buffer.from(await picture.arrayBuffer());
      const size = rasterSize(bytes);
      if (picture.status !== 200 || !size) return fail(`og:image ${image.url}: ${picture.status} ${picture.headers.get("Content-Type")}, not a PNG or a JPEG`);
      if (String(size.width) !== String(image.width) || String(size.height) !== String(image.height)) {
        fail(`og:image ${image.url} declares ${image.width}×${image.height}, is ${size.width}×${size.height}`);
      }
      // A post previews as its own picture: the quote drawn, a 1200×630 PNG (docs/product.md §3).
      if (id === "routes/post.$id") {
        if (!/\/post\/\d+\/preview\.png\?v=\d+$/.test(image.url)) fail(`og:image ${image.url} is not the post's picture`);
        if (picture.headers.get("Content-Type") !== "image/png" || size.width !== 1200 || size.height !== 630) {
          fail(`og:image ${image.url}: ${picture.headers.get("Content-Type")} ${size.width}×${size.height}, not a 1200×630 PNG`);
        }
      }
    });
    expect(problems).toEqual([]);
    // The public kinds: home, a post, a category, the categories, a profile and its public tabs …
    for (const kind of ["routes/home", "routes/post.$id", "routes/category", "routes/profile/profile"]) expect(checked).toContain(kind);
    console.log(`previews: ${checked.length} public page kinds (${checked.join(", ")})`);
  }, 60_000);
});

// Sitemap: every sitemap file validated by libxml2 (xmllint-wasm, offline) against sitemaps.org's
// Sitemap 0.9 XSD, the copy the `sitemap` package ships (node_modules/sitemap/schema/sitemap.xsd, the
// schema of 2008-03-26; not copied into this repository). The index form (many files) has no XSD in
// that package: an index is checked for its files only, and tests/api/reach.test.ts checks its shape.
// Its rules: the XSD's, and every URL listed answers 200. Nothing is ignored.
const SITEMAP_XSD = path.join(import.meta.dirname, "../../node_modules/sitemap/schema/sitemap.xsd");

async function sitemapErrors(xml: string, fileName: string): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName, contents: xml },
    schema: { fileName: "sitemap.xsd", contents: fs.readFileSync(SITEMAP_XSD, "utf8") },
  });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

describe("sitemap (its XSD)", () => {
  it("the validator refuses a sitemap the schema does not allow", async () => {
    const bad = '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><priority>2</priority></url></urlset>';
    expect((await sitemapErrors(bad, "bad.xml")).join("\n")).toMatch(/priority.*not expected.*loc/);
  });

  it("every sitemap file is valid under the Sitemap 0.9 XSD, and every URL in it answers 200", async () => {
    const res = await fetch(`${api.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    const files = xml.includes("<sitemapindex")
      ? await Promise.all([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(async ([, loc]) => ({ loc, xml: await (await fetch(loc)).text() })))
      : [{ loc: `${api.url}/sitemap.xml`, xml }];
    const locs: string[] = [];
    for (const file of files) {
      expect(await sitemapErrors(file.xml, new URL(file.loc).pathname.slice(1)), file.loc).toEqual([]);
      locs.push(...[...file.xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc.replaceAll("&amp;", "&")));
    }
    expect(locs).toContain(`${api.url}/profile/${site.member.id}`);
    const broken: string[] = [];
    await inTurns(locs, 4, async (loc) => {
      const answer = await fetch(loc, { redirect: "manual" });
      await answer.body?.cancel();
      if (answer.status !== 200) broken.push(`${answer.status} ${loc}`);
    });
    expect(broken).toEqual([]);
    console.log(`sitemap: ${files.length} file(s), ${locs.length} URLs`);
  }, 60_000);
});
