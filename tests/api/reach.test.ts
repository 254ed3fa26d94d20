// Reach (docs/product.md §10) over HTTP against the built server: every Atom feed parsed with a real XML parser
// and checked against RFC 4287's required elements, the pages' rel=alternate links followed,
// conditional GET, the private Following feed and its revocation, the post page's preview tags,
// robots.txt, the sitemap (one file, then the index form with a small split size), noindex, and the
// own-origin thumbnails with the image host up and down.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, feedTokens, follows, posts, users } from "#db/schema.ts";
import { SHARED_CACHE_CONTROL } from "~/rules/cache-rules.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { MISSING_THUMBNAIL_VIDEO, startThumbnailFake, type ThumbnailFake } from "../fixtures/thumbnail-fake.ts";

const SPLIT = 30; // 22 fixed pages (home, /categories, 20 categories) + posts per sitemap file
const ATOM_NS = "http://www.w3.org/2005/Atom";

let api: ApiClient;
let fake: ThumbnailFake;
let alice: ApiUser;
let bob: ApiUser;
let silent: ApiUser;
let tricky: ReturnType<ApiClient["post"]>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  parseTagValue: false,
  isArray: (name: string) => ["entry", "link", "url", "sitemap", "category"].includes(name),
});

type Node = Record<string, unknown>;

/** Parses a document with a real XML parser; a malformed one fails the test with the parser's message. */
function parseXml(xml: string): Node {
  const valid = XMLValidator.validate(xml);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parser.parse(xml) as Node;
}

function text(node: unknown): string {
  if (typeof node === "string") return node;
  if (node && typeof node === "object" && "#text" in node) return String((node as Node)["#text"]);
  return "";
}

const isDate = (value: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(value) && !Number.isNaN(Date.parse(value));

/** RFC 4287's must-haves for the feed and each entry; returns the entries. */
function expectAtom(xml: string, selfUrl: string): Node[] {
  const doc = parseXml(xml);
  const feed = doc.feed as Node;
  expect(feed, "root element <feed>").toBeTruthy();
  expect(feed["@xmlns"]).toBe(ATOM_NS);
  expect(text(feed.id)).toMatch(/^https?:\/\//);
  expect(text(feed.title).length).toBeGreaterThan(0);
  expect(isDate(text(feed.updated))).toBe(true);
  const links = feed.link as Node[];
  expect(links.find((l) => l["@rel"] === "self")?.["@href"]).toBe(selfUrl);
  expect(String(links.find((l) => l["@rel"] === "alternate")?.["@href"])).toMatch(new RegExp(`^${api.url}/`));
  const entries = (feed.entry as Node[] | undefined) ?? [];
  for (const entry of entries) {
    expect(text(entry.id)).toMatch(/^https?:\/\//);
    expect(text(entry.title).length).toBeGreaterThan(0);
    expect(isDate(text(entry.updated))).toBe(true);
    expect(text((entry.author as Node)?.name).length).toBeGreaterThan(0);
    const link = (entry.link as Node[]).find((l) => l["@rel"] === "alternate");
    expect(String(link?.["@href"])).toMatch(new RegExp(`^${api.url}/post/\\d+`));
    expect((entry.content as Node)["@type"]).toBe("html");
  }
  return entries;
}

async function getFeed(pathname: string): Promise<Node[]> {
  const res = await api.fetch(pathname);
  expect(res.status, pathname).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  return expectAtom(await res.text(), `${api.url}${pathname}`);
}

function entryIds(entries: Node[]): number[] {
  return entries.map((e) => Number(/\/post\/(\d+)/.exec(text(e.id))?.[1]));
}

/** The <link rel="alternate" type="application/atom+xml"> hrefs of a page. */
async function alternates(pathname: string): Promise<string[]> {
  const html = await (await api.fetch(pathname)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => tag.includes('rel="alternate"') && tag.includes('type="application/atom+xml"'))
    .map((tag) => /href="([^"]+)"/.exec(tag)![1].replaceAll("&amp;", "&"));
}

/** A picture's true width and height, read from its bytes as a preview service does (PNG's IHDR, JPEG's frame header). */
function pictureSize(bytes: Buffer): { width: number; height: number } {
  if (bytes.subarray(1, 4).toString("latin1") === "PNG") return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  expect(bytes[0] === 0xff && bytes[1] === 0xd8, "a PNG or a JPEG").toBe(true);
  for (let at = 2; at + 9 < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    const marker = bytes[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { width: bytes.readUInt16BE(at + 7), height: bytes.readUInt16BE(at + 5) };
  }
  throw new Error("a JPEG without a frame header");
}

function metaContent(html: string, attr: "property" | "name", key: string): string | null {
  const tag = [...html.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`${attr}="${key}"`));
  return tag ? (/content="([^"]*)"/.exec(tag)?.[1] ?? "").replaceAll("&amp;", "&") : null;
}

beforeAll(async () => {
  fake = await startThumbnailFake();
  api = await startApiServer({ THUMBNAIL_BASE_URL: fake.url, SITEMAP_SPLIT: String(SPLIT) });
  alice = await api.user();
  bob = await api.user();
  silent = await api.user();
  api.post(alice.id, { title: "An older Gaming post", category: "Gaming", createdAt: new Date(Date.now() - 3_600_000) });
  tricky = api.post(alice.id, {
    title: `Tags <b>&</b> "quotes" 'and' ]]> emoji 😂`,
    comment: "Line one\n<script>alert(1)</script> & more",
    commentAuthor: "@a&b",
    category: "Gaming",
  });
  api.post(bob.id, { title: "Bob's Music post", category: "Music" });
});
afterAll(async () => {
  await api?.stop();
  await fake?.stop().catch(() => undefined);
});

describe("Atom feeds", () => {
  it("/feed.xml: the newest posts, every value escaped and read back exactly", async () => {
    const entries = await getFeed("/feed.xml");
    expect(entries.length).toBe(3);
    const entry = entries.find((e) => text(e.id) === `${api.url}/post/${tricky.id}`)!;
    expect(text(entry.title)).toBe(tricky.title);
    expect(text((entry.author as Node).name)).toBe(alice.username);
    expect(text((entry.author as Node).uri)).toBe(`${api.url}/profile/${alice.id}`);
    expect((entry.category as Node[])[0]["@term"]).toBe("Gaming");
    const html = text(entry.content);
    // The entry HTML carries the quote and its author, the video and its link; markup from the post stays text.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more");
    expect(html).toContain("@a&amp;b");
    expect(html).toContain("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(html).toContain(`${api.url}/thumbnails/dQw4w9WgXcQ.jpg`);
    expect(html).not.toContain("<script>");
  });

  it("/hot.xml, a category's, a member's and a post's comments feed", async () => {
    expect(entryIds(await getFeed("/hot.xml")).length).toBe(3);
    const gaming = await getFeed("/category/gaming/feed.xml");
    expect(gaming.map((e) => (e.category as Node[])[0]["@term"])).toEqual(["Gaming", "Gaming"]);
    expect((await getFeed(`/profile/${bob.id}/feed.xml`)).map((e) => text(e.title))).toEqual(["Bob's Music post"]);

    const top = api.db.insert(comments).values({ postId: tricky.id, userId: bob.id, content: "Ha <i>ha</i>" }).returning().get();
    api.db.insert(comments).values({ postId: tricky.id, userId: alice.id, parentId: top.id, content: "Thanks!" }).run();
    api.db.insert(comments).values({ postId: tricky.id, userId: bob.id, content: "gone", deletedAt: new Date() }).run();
    const thread = await getFeed(`/post/${tricky.id}/comments.xml`);
    expect(thread.map((e) => text(e.content)).sort()).toEqual(["<p>Ha &lt;i&gt;ha&lt;/i&gt;</p>", "<p>Thanks!</p>"]);
    expect(String((thread[0].link as Node[])[0]["@href"])).toMatch(new RegExp(`/post/${tricky.id}#comment-\\d+$`));
  });

  it("an entry says where its quote comes from, as the card does: the comment's link, likes and date, the moment, or a label", async () => {
    const linked = api.post(bob.id, { title: "Linked quote", category: "Music" });
    const gone = api.post(bob.id, { title: "Gone quote", category: "Music" });
    api.db.update(posts).set({ youtubeCommentId: "UgzKeep.reply1", commentLikeCount: 1234, commentPublishedAt: new Date("2024-03-05T12:00:00Z"), videoStart: 83 }).where(eq(posts.id, linked.id)).run();
    api.db.update(posts).set({ youtubeCommentId: "UgzGone", commentLikeCount: 9, commentGoneAt: new Date() }).where(eq(posts.id, gone.id)).run();
    try {
      const entries = await getFeed(`/profile/${bob.id}/feed.xml`);
      const html = (id: number) => text(entries.find((e) => text(e.id) === `${api.url}/post/${id}`)!.content);
      expect(html(linked.id)).toContain('<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;lc=UgzKeep.reply1">from YouTube</a> · 1.2K likes on YouTube · Mar 5, 2024');
      expect(html(linked.id)).toContain("https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=83s");
      expect(html(gone.id)).toContain("no longer on YouTube");
      expect(html(gone.id)).not.toContain("lc=");
      expect(html(gone.id)).not.toContain("likes on YouTube");
      const typed = entries.find((e) => text(e.title) === "Bob's Music post")!;
      expect(text(typed.content)).toContain("— @someone, entered by hand");
    } finally {
      api.db.delete(posts).where(eq(posts.id, linked.id)).run();
      api.db.delete(posts).where(eq(posts.id, gone.id)).run();
    }
  });

  it("unknown category, member or post: 404", async () => {
    for (const p of ["/category/nope/feed.xml", "/profile/999999/feed.xml", "/profile/abc/feed.xml", "/post/999999/comments.xml"]) {
      expect((await api.fetch(p)).status, p).toBe(404);
    }
  });

  it("every page with a feed names it in rel=alternate, and each one is a valid Atom feed", async () => {
    const pages = ["/", "/category/gaming", "/categories", `/post/${tricky.id}`];
    const seen = new Set<string>();
    for (const page of pages) {
      const hrefs = await alternates(page);
      expect(hrefs.length, page).toBeGreaterThan(0);
      for (const href of hrefs) {
        seen.add(href);
        await getFeed(href);
      }
    }
    expect([...seen].sort()).toEqual(["/category/gaming/feed.xml", "/feed.xml", "/hot.xml", `/post/${tricky.id}/comments.xml`].sort());
  });

  it("conditional GET: 304 while unchanged; a deleted post changes the feed at once", async () => {
    const first = await api.fetch("/category/music/feed.xml");
    expect(first.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toBeTruthy();
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
    await first.text();

    const byTag = await api.fetch("/category/music/feed.xml", { headers: { "If-None-Match": etag } });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe("");
    const byDate = await api.fetch("/category/music/feed.xml", { headers: { "If-Modified-Since": lastModified } });
    expect(byDate.status).toBe(304);

    const extra = api.post(alice.id, { title: "A Music post to delete", category: "Music" });
    const changed = await api.fetch("/category/music/feed.xml", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    const withExtra = changed.headers.get("etag")!;
    expect(entryIds(expectAtom(await changed.text(), `${api.url}/category/music/feed.xml`))).toContain(extra.id);

    api.db.delete(posts).where(eq(posts.id, extra.id)).run();
    const conditions: Record<string, string>[] = [{ "If-None-Match": withExtra }, { "If-Modified-Since": changed.headers.get("last-modified")! }];
    for (const headers of conditions) {
      const after = await api.fetch("/category/music/feed.xml", { headers });
      expect(after.status).toBe(200);
      expect(entryIds(expectAtom(await after.text(), `${api.url}/category/music/feed.xml`))).not.toContain(extra.id);
    }
  });
});

describe("the private Following feed", () => {
  function tokenOf(user: ApiUser): string | undefined {
    return api.db.select().from(feedTokens).where(eq(feedTokens.userId, user.id)).get()?.token;
  }

  it("a visitor cannot make one", async () => {
    const res = await api.fetch("/feeds/following/token", { method: "POST", form: {} });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/auth\?/);
  });

  it("regenerating answers 303 to the about tab with a toast; the old URL is 404 from then on", async () => {
    api.db.insert(follows).values({ followerId: alice.id, followingId: bob.id }).run();
    let res = await api.fetch("/feeds/following/token", { method: "POST", user: alice, form: {} });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/profile/${alice.id}/about`);
    expect((await readToast(res))?.title).toBe("Feed link replaced");
    const first = tokenOf(alice)!;
    const feedPath = `/feeds/following/${first}.xml`;
    const feed = await api.fetch(feedPath);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("cache-control")).toBe("private, max-age=0");
    const entries = expectAtom(await feed.text(), `${api.url}${feedPath}`);
    expect(entries.map((e) => text(e.title))).toEqual(["Bob's Music post"]);

    res = await api.fetch("/feeds/following/token", { method: "POST", user: alice, form: {} });
    expect(res.status).toBe(303);
    const second = tokenOf(alice)!;
    expect(second).not.toBe(first);
    expect((await api.fetch(feedPath)).status).toBe(404);
    expect((await api.fetch(`/feeds/following/${second}.xml`)).status).toBe(200);
    expect((await api.fetch("/feeds/following/not-a-real-token-at-all-000.xml")).status).toBe(404);
  });
});

describe("link previews and search engines", () => {
  it("the post page: title, description, Open Graph, Twitter card and canonical", async () => {
    const res = await api.fetch(`/post/${tricky.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const url = `${api.url}/post/${tricky.id}`;
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    expect(metaContent(html, "property", "og:url")).toBe(url);
    expect(metaContent(html, "property", "og:title")).toContain("Tags");
    expect(metaContent(html, "property", "og:description")).toContain("@a&b");
    expect(metaContent(html, "property", "og:image")).toMatch(new RegExp(`^${api.url}/post/${tricky.id}/preview\\.png\\?v=\\d+$`));
    expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "name", "description")).toContain("@a&b");
    expect(metaContent(html, "name", "robots")).toBeNull();
    // /posts/{id} agrees: it sends readers and crawlers to the canonical address.
    const variant = await api.fetch(`/posts/${tricky.id}`);
    expect(variant.status).toBe(301);
    expect(variant.headers.get("location")).toBe(`/post/${tricky.id}`);
  });

  it("every public page kind offers a raster preview image of its true size, as a scraper fetches it", async () => {
    const lost = api.post(bob.id, { title: "A post whose video lost its thumbnail", videoId: MISSING_THUMBNAIL_VIDEO });
    const pages = ["/", "/category/gaming", "/categories", `/post/${tricky.id}`, `/post/${lost.id}`, `/profile/${alice.id}`, `/profile/${alice.id}/comments`, `/profile/${silent.id}`];
    const offered = async (page: string) => {
      const html = await (await api.fetch(page)).text();
      const image = metaContent(html, "property", "og:image");
      expect(image, page).toMatch(new RegExp(`^${api.url}/`));
      expect(metaContent(html, "name", "twitter:image"), page).toBe(image);
      expect(metaContent(html, "name", "twitter:card"), page).toBe("summary_large_image");
      expect(metaContent(html, "property", "og:image:alt"), page).toBeTruthy();
      const declared = { width: Number(metaContent(html, "property", "og:image:width")), height: Number(metaContent(html, "property", "og:image:height")) };
      const res = await api.fetch(image!.slice(api.url.length));
      expect(res.status, image!).toBe(200);
      expect(res.headers.get("content-type"), image!).toMatch(/^image\/(png|jpeg)$/);
      expect(pictureSize(Buffer.from(await res.arrayBuffer())), image!).toEqual(declared);
      return image;
    };
    for (const page of pages) await offered(page);
    for (const page of ["/", "/category/gaming", "/categories", `/profile/${alice.id}`]) expect(await offered(page), page).toBe(`${api.url}/site-card.png`);
    // A post offers its own picture (the quote drawn), whether or not its video's thumbnail can be had.
    for (const post of [tricky, lost]) expect(await offered(`/post/${post.id}`)).toMatch(new RegExp(`^${api.url}/post/${post.id}/preview\\.png\\?v=\\d+$`));
  });

  it("a profile previews as its member: name, bio, its own URL per tab", async () => {
    api.db.update(users).set({ displayName: "Alice <Quotes> & Co", bio: "Collects the comments that \"made me laugh\"" }).where(eq(users.id, alice.id)).run();
    for (const tab of ["", "/comments", "/about"]) {
      const url = `${api.url}/profile/${alice.id}${tab}`;
      const html = await (await api.fetch(`/profile/${alice.id}${tab}`)).text();
      expect(html, tab).toContain(`<link rel="canonical" href="${url}"/>`);
      expect(metaContent(html, "property", "og:url"), tab).toBe(url);
      expect(metaContent(html, "property", "og:type"), tab).toBe("profile");
      expect(metaContent(html, "property", "og:title"), tab).toContain("Alice &lt;Quotes&gt; & Co");
      expect(metaContent(html, "name", "twitter:title"), tab).toBe(metaContent(html, "property", "og:title"));
      expect(metaContent(html, "property", "og:description"), tab).toBe("Collects the comments that &quot;made me laugh&quot;");
      expect(metaContent(html, "name", "description"), tab).toBe(metaContent(html, "property", "og:description"));
    }
    // Without a bio, a description all the same.
    const silentHtml = await (await api.fetch(`/profile/${silent.id}`)).text();
    expect(metaContent(silentHtml, "property", "og:description")).toMatch(/\S/);
    expect(metaContent(silentHtml, "name", "description")).toBe(metaContent(silentHtml, "property", "og:description"));
  });

  it("home and category pages preview too: canonical, Open Graph, Twitter summary card", async () => {
    for (const [page, canonical] of [["/?sort=new", "/"], ["/category/gaming?sort=oldest", "/category/gaming"], ["/categories", "/categories"]]) {
      const html = await (await api.fetch(page)).text();
      expect(html, page).toContain(`<link rel="canonical" href="${api.url}${canonical}"/>`);
      expect(metaContent(html, "property", "og:url"), page).toBe(`${api.url}${canonical}`);
      expect(metaContent(html, "property", "og:title"), page).toBeTruthy();
      expect(metaContent(html, "property", "og:description"), page).toBe(metaContent(html, "name", "description"));
      expect(metaContent(html, "name", "twitter:card"), page).toBe("summary_large_image");
    }
  });

  it("titles and descriptions everywhere; noindex only where it belongs", async () => {
    for (const [page, noindex] of [["/", false], ["/category/gaming", false], ["/search?q=x", true], ["/auth", true], ["/reset-password?token=made-up&email=a%40b.co", true]] as const) {
      const html = await (await api.fetch(page)).text();
      expect(html, page).toMatch(/<title>[^<]+<\/title>/);
      expect(metaContent(html, "name", "description"), page).toBeTruthy();
      expect(metaContent(html, "name", "robots"), page).toBe(noindex ? "noindex" : null);
    }
    // Members' own screens: never in search results.
    api.db.update(users).set({ isAdmin: true }).where(eq(users.id, alice.id)).run();
    for (const page of ["/notifications", "/admin", "/account/password"]) {
      const res = await api.fetch(page, { user: alice });
      expect(res.status, page).toBe(200);
      expect(metaContent(await res.text(), "name", "robots"), page).toBe("noindex");
    }
    const profile = await (await api.fetch(`/profile/${alice.id}`)).text();
    expect(metaContent(profile, "name", "robots")).toBeNull();
  });

  it("robots.txt keeps crawlers out of the admin, the API and the actions, and names the sitemap", async () => {
    const res = await api.fetch("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await res.text()).split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const p of ["/admin", "/api/", "/post/*/vote", "/comments/", "/share", "/logout", "/feeds/following/"]) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    expect(lines).toContain(`Sitemap: ${api.url}/sitemap.xml`);
  });

  function locs(nodes: Node[] | undefined): string[] {
    return (nodes ?? []).map((n) => text(n.loc));
  }

  /** What the sitemaps.org schema (sitemap.xsd, siteindex.xsd) allows: the elements, absolute locs of at most 2,048 characters, W3C dates, at most 50,000 entries. */
  function expectSitemapSchema(doc: Node) {
    const [root, item, fields] = doc.urlset ? ["urlset", "url", ["loc", "lastmod", "changefreq", "priority"]] as const : ["sitemapindex", "sitemap", ["loc", "lastmod"]] as const;
    const set = doc[root] as Node;
    expect(set["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(Object.keys(set).filter((k) => !k.startsWith("@"))).toEqual([item]);
    const entries = set[item] as Node[];
    expect(entries.length).toBeLessThanOrEqual(50_000);
    for (const entry of entries) {
      expect(Object.keys(entry).every((k) => (fields as readonly string[]).includes(k)), JSON.stringify(entry)).toBe(true);
      expect(text(entry.loc)).toMatch(/^https?:\/\/\S+$/);
      expect(text(entry.loc).length).toBeLessThanOrEqual(2048);
      if (entry.lastmod !== undefined) expect(isDate(text(entry.lastmod)), text(entry.lastmod)).toBe(true);
    }
  }

  /** Members with at least one post, newest activity first, with the date of their newest post (its edit, if any). */
  function profilesWithPosts(): { loc: string; lastmod: string }[] {
    const newest = new Map<number, number>();
    for (const p of api.db.select({ userId: posts.userId, createdAt: posts.createdAt, editedAt: posts.editedAt }).from(posts).all()) {
      if (p.userId === null) continue;
      const at = (p.editedAt ?? p.createdAt).getTime();
      newest.set(p.userId, Math.max(at, newest.get(p.userId) ?? 0));
    }
    return [...newest]
      .sort(([a, at], [b, bt]) => bt - at || b - a)
      .map(([id, at]) => ({ loc: `${api.url}/profile/${id}`, lastmod: new Date(at).toISOString() }));
  }

  it("the sitemap: one file while it fits, valid XML, newest posts first, and its URLs answer 200", async () => {
    const res = await api.fetch("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const doc = parseXml(await res.text());
    expectSitemapSchema(doc);
    const urlset = doc.urlset as Node;
    const urls = locs(urlset.url as Node[]);
    expect(urls.length).toBeLessThanOrEqual(SPLIT);
    expect(urls.slice(0, 3)).toEqual([`${api.url}/`, `${api.url}/categories`, `${api.url}/category/gaming`]);
    const postUrls = urls.filter((u) => u.includes("/post/"));
    const newestFirst = api.db.select({ id: posts.id }).from(posts).all().map((p) => p.id).sort((a, b) => b - a);
    expect(postUrls).toEqual(newestFirst.map((id) => `${api.url}/post/${id}`));
    // Then the public profiles of the members with posts, each last modified with their newest post;
    // a member without a post is not listed.
    const profiles = (urlset.url as Node[]).filter((u) => text(u.loc).includes("/profile/")).map((u) => ({ loc: text(u.loc), lastmod: text(u.lastmod) }));
    expect(profiles).toEqual(profilesWithPosts());
    expect(profiles.map((p) => p.loc)).toEqual(expect.arrayContaining([`${api.url}/profile/${alice.id}`, `${api.url}/profile/${bob.id}`]));
    expect(profiles.map((p) => p.loc)).not.toContain(`${api.url}/profile/${silent.id}`);
    expect(urls.at(-1)).toBe(profiles.at(-1)?.loc);
    for (const url of [urls[0], urls[1], urls[2], urls[10], ...postUrls, ...profiles.map((p) => p.loc)]) {
      expect((await api.fetch(new URL(url).pathname)).status, url).toBe(200);
    }
  });

  it(`past ${SPLIT} URLs it is a sitemap index whose files hold every URL exactly once`, async () => {
    for (let i = 0; i < 12; i++) api.post(bob.id, { title: `Filler ${i}`, createdAt: new Date(Date.now() - (i + 2) * 60_000) });
    // Past one file, the profiles are files of their own, cut the same way.
    const writers = Array.from({ length: SPLIT }, () => api.user());
    for (const writer of await Promise.all(writers)) api.post(writer.id, { title: `A first post by ${writer.username}` });
    const pagesAndPosts = 22 + api.db.select({ id: posts.id }).from(posts).all().length;
    const profiles = profilesWithPosts();
    const total = pagesAndPosts + profiles.length;
    const indexDoc = parseXml(await (await api.fetch("/sitemap.xml")).text());
    const index = indexDoc.sitemapindex as Node;
    expect(index, "root element <sitemapindex>").toBeTruthy();
    expectSitemapSchema(indexDoc);
    const files = locs(index.sitemap as Node[]);
    expect(files).toEqual([
      ...Array.from({ length: Math.ceil(pagesAndPosts / SPLIT) }, (_, i) => `${api.url}/sitemap/${i + 1}.xml`),
      ...Array.from({ length: Math.ceil(profiles.length / SPLIT) }, (_, i) => `${api.url}/sitemap/profiles-${i + 1}.xml`),
    ]);
    const all: string[] = [];
    const listedProfiles: { loc: string; lastmod: string }[] = [];
    for (const file of files) {
      const res = await api.fetch(new URL(file).pathname);
      expect(res.status).toBe(200);
      const doc = parseXml(await res.text());
      expectSitemapSchema(doc);
      const entries = (doc.urlset as Node).url as Node[];
      const urls = locs(entries);
      expect(urls.length).toBeLessThanOrEqual(SPLIT);
      const isProfiles = file.includes("/profiles-");
      expect(urls.every((u) => u.includes("/profile/") === isProfiles), file).toBe(true);
      if (isProfiles) listedProfiles.push(...entries.map((u) => ({ loc: text(u.loc), lastmod: text(u.lastmod) })));
      all.push(...urls);
    }
    expect(listedProfiles).toEqual(profiles);
    expect(all.length).toBe(total);
    expect(new Set(all).size).toBe(total);
    const postFiles = files.filter((f) => !f.includes("/profiles-")).length;
    expect((await api.fetch(`/sitemap/${postFiles + 1}.xml`)).status).toBe(404);
    expect((await api.fetch(`/sitemap/profiles-${files.length - postFiles + 1}.xml`)).status).toBe(404);
    expect((await api.fetch("/sitemap/profiles-0.xml")).status).toBe(404);
    expect((await api.fetch("/sitemap/abc.xml")).status).toBe(404);
  });
});

describe("own-origin thumbnails", () => {
  beforeAll(() => {
    for (const videoId of ["chortleVid1", "chortleVid2"]) api.post(bob.id, { title: `Sharing ${videoId}`, videoId });
  });

  it("fetched once from the image host, then served from the disk cache beside the database", async () => {
    const before = fake.requests().length;
    const first = await api.fetch("/thumbnails/chortleVid1.jpg");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^image\/(png|jpeg)$/);
    const bytes = Buffer.from(await first.arrayBuffer());
    const again = Buffer.from(await (await api.fetch("/thumbnails/chortleVid1.jpg")).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
    expect(fake.requests().slice(before)).toEqual(["/vi/chortleVid1/mqdefault.jpg"]);
    expect(fs.existsSync(path.join(path.dirname(process.env.DATABASE_PATH!), "thumbnails", "chortleVid1-card.jpg"))).toBe(true);

    const large = await api.fetch("/thumbnails/chortleVid1.jpg?size=large");
    expect(large.status).toBe(200);
    await large.arrayBuffer();
    expect(fake.requests().at(-1)).toBe("/vi/chortleVid1/hqdefault.jpg");
  });

  it("a picture the host does not have, or a made-up id: the placeholder, with 200", async () => {
    for (const p of [`/thumbnails/${MISSING_THUMBNAIL_VIDEO}.jpg`, "/thumbnails/unknown.jpg", "/thumbnails/..%2F..%2Fetc.jpg"]) {
      const res = await api.fetch(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml");
      expect(parseXml(await res.text()).svg).toBeTruthy();
    }
    // The large size is for link previews, which take no SVG: a PNG of the size the page declared.
    const large = await api.fetch(`/thumbnails/${MISSING_THUMBNAIL_VIDEO}.jpg?size=large`);
    expect(large.status).toBe(200);
    expect(large.headers.get("content-type")).toBe("image/png");
    expect(pictureSize(Buffer.from(await large.arrayBuffer()))).toEqual({ width: 480, height: 360 });
  });

  it("fetched only for a shared video or a signed-in member's share lookup; a visitor's made-up id costs no request", async () => {
    const before = fake.requests().length;
    const visitor = await api.fetch("/thumbnails/madeUpVid01.jpg");
    expect(visitor.headers.get("content-type")).toBe("image/svg+xml");
    await visitor.text();
    expect(fake.requests().length).toBe(before);
    expect(fs.existsSync(path.join(path.dirname(process.env.DATABASE_PATH!), "thumbnails", "madeUpVid01-card.jpg"))).toBe(false);

    const member = await api.fetch("/thumbnails/madeUpVid01.jpg", { user: alice });
    expect(member.headers.get("content-type")).toMatch(/^image\/(png|jpeg)$/);
    await member.arrayBuffer();
    expect(fake.requests().slice(before)).toEqual(["/vi/madeUpVid01/mqdefault.jpg"]);
  });

  it("with the image host down: the placeholder is served, cached pictures still are, nothing is logged as an error", async () => {
    const logStart = api.server.logs().length;
    await fake.stop();
    const res = await api.fetch("/thumbnails/chortleVid2.jpg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    await res.text();
    const cached = await api.fetch("/thumbnails/chortleVid1.jpg");
    expect(cached.headers.get("content-type")).toMatch(/^image\/(png|jpeg)$/);
    await cached.arrayBuffer();
    // The failure is remembered: asking again answers the placeholder without another attempt.
    expect((await api.fetch("/thumbnails/chortleVid2.jpg")).headers.get("content-type")).toBe("image/svg+xml");
    const logged = api.server.logs().slice(logStart);
    expect(logged.match(/thumbnail chortleVid2 \(card\): unreachable/g)).toHaveLength(1);
    expect(logged).not.toMatch(/error/i);
  });
});
