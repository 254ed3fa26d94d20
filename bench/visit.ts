// What a real visit asks of the server (docs/operations.md, "Capacity"): Chromium (Playwright) on a
// copy of the large dataset, through a counting proxy in front of the built server, so every request
// that reaches the app is counted, and none the browser's cache answered. Three visits, each starting
// with an empty browser cache:
//  - a visitor with JavaScript: the home page, a post (a client navigation), home, a category, the
//    first post again by its URL (a document, the browser's cache warm);
//  - a member with JavaScript: the home page, a post, a vote and a comment (fetchers), the home page;
//  - a member without JavaScript: the home page, a post, a vote and a comment (each a POST, its 303
//    and the GET after it).
// `recordVisits()` gives each request's kind (document, `.data`, asset, thumbnail, the JSON API,
// other) for bench/capacity.ts's mix, which prints them.
import http from "node:http";
import { chromium, type Page } from "@playwright/test";
import type { VisitShape } from "./mix.ts";

type Kind = "document" | "data" | "asset" | "thumbnail" | "api" | "write" | "other";
type Seen = { method: string; path: string; status: number; kind: Kind };
type Visit = { name: string; pageViews: number; requests: Seen[] };

function kindOf(method: string, url: string, accept: string): Kind {
  const p = url.split("?")[0];
  if (method !== "GET" && method !== "HEAD") return "write";
  if (p.endsWith(".data")) return "data";
  if (p.startsWith("/assets/")) return "asset";
  if (p.startsWith("/thumbnails/")) return "thumbnail";
  if (p.startsWith("/api/")) return "api";
  if (accept.includes("text/html")) return "document";
  return "other";
}

/** A picture host in place of YouTube's (THUMBNAIL_BASE_URL): the same small JPEG for every video. */
export function fakePictureHost(): Promise<{ url: string; close: () => Promise<void> }> {
  // A 1×1 baseline JPEG: what the thumbnail cache keeps and serves, as it would a real one.
  const jpeg = Buffer.from("/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=", "base64");
  return listen(http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length });
    res.end(jpeg);
  }));
}

function listen(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    }),
  );
}

/** A proxy to `target` that notes every request (method, path, status). */
function countingProxy(target: URL, seen: Seen[]): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      seen.push({ method: req.method!, path: req.url!, status: answer.statusCode!, kind: kindOf(req.method!, req.url!, String(req.headers.accept ?? "")) });
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  return listen(server);
}

const settle = (page: Page) => page.waitForLoadState("networkidle");

/** The three visits against the server at `appUrl`; `memberCookie` is `chortle_session=…`. */
export async function recordVisits(appUrl: string, memberCookie: string): Promise<Visit[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  const visits: Visit[] = [];
  try {
    for (const { name, member, js } of [
      { name: "visitor, JavaScript on", member: false, js: true },
      { name: "member, JavaScript on", member: true, js: true },
      { name: "member, JavaScript off", member: true, js: false },
    ]) {
      const seen: Seen[] = [];
      const proxy = await countingProxy(new URL(appUrl), seen);
      const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 1280, height: 900 } });
      if (member) {
        const [cookieName, value] = memberCookie.split("=");
        await context.addCookies([{ name: cookieName, value, url: proxy.url }]);
      }
      // No context.route(): Playwright turns the browser's HTTP cache off while it routes, and what
      // the cache keeps (hashed assets, thumbnails) is part of what a visit does not ask for again.
      const page = await context.newPage();
      let views = 0;
      const open = async (url: string) => {
        await page.goto(`${proxy.url}${url}`);
        await settle(page);
        views++;
      };
      const follow = async (selector: string) => {
        await page.locator(`${selector}:visible`).first().click();
        await settle(page);
        views++;
      };
      await open("/");
      await follow('main a[href^="/post/"]');
      const post = new URL(page.url()).pathname;
      if (!member) {
        await follow('header a[href="/"]');
        await follow('a[href^="/category/"]');
        await open(post);
      } else {
        await page.locator('form[action$="/vote"] button[value="up"]').first().click();
        await settle(page);
        if (!js) views++;
        const box = page.locator('textarea[name="content"]:visible').first();
        await box.fill("A real visit's comment: ha, ha.");
        await page.locator('form:has(textarea[name="content"]) button[type="submit"]:visible').last().click();
        await settle(page);
        if (!js) views++;
        if (js) await follow('header a[href="/"]');
      }
      visits.push({ name, pageViews: views, requests: seen });
      await context.close();
      await proxy.close();
    }
  } finally {
    await browser.close();
  }
  return visits;
}

export function visitTable(visits: Visit[]): string {
  const kinds: Kind[] = ["document", "data", "asset", "thumbnail", "api", "other", "write"];
  const row = (name: string, views: number, requests: Seen[]) =>
    `| ${name} | ${views} | ${requests.length} | ${kinds.map((k) => requests.filter((r) => r.kind === k).length).join(" | ")} |`;
  return [
    `| visit | page views | requests | ${kinds.join(" | ")} |`,
    `|---|---:|---:|${kinds.map(() => "---:").join("|")}|`,
    ...visits.map((v) => row(v.name, v.pageViews, v.requests)),
    row("all", visits.reduce((n, v) => n + v.pageViews, 0), visits.flatMap((v) => v.requests)),
  ].join("\n");
}

/** The recorded visits as the capacity bench's mix takes them (bench/mix.ts, visitMix). */
export function visitShape(visits: Visit[]): VisitShape {
  const all = visits.flatMap((v) => v.requests);
  const count = (kind: Kind) => all.filter((r) => r.kind === kind).length;
  return {
    counts: { document: count("document"), data: count("data"), asset: count("asset"), thumbnail: count("thumbnail"), other: count("other") + count("api") },
    assets: all.filter((r) => r.kind === "asset").map((r) => r.path),
    others: all.filter((r) => r.kind === "other" || r.kind === "api").map((r) => r.path),
    largeThumbnails: all.filter((r) => r.kind === "thumbnail" && r.path.includes("size=large")).length,
  };
}
