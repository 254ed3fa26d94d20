// What a page makes the browser run before it is usable, measured in Chromium against the built
// server on the seeded demo data (docs/decisions/0034): every script file it has fetched by the
// time it has hydrated (the entry, the route modules, the shared chunks, and the lazy parts hydration
// waits for: a member's account menu and bell, an open dialog), not the screens the page fetches
// later when idle (app/components/route-preload.tsx), and every inline script of the document (the
// head script, the deferred boot, the route manifest and the loader data React hydrates from). Two
// counts, each with its budget: the bytes the server sent (each file as its Content-Encoding came,
// brotli for a browser that asks for it, as every browser does over HTTPS; the inline scripts at the
// page's own brotli setting), and the same code gzipped at level 6 (a browser that cannot take
// brotli: plain HTTP). A visitor and a member on every page kind, an admin on the admin pages.
import zlib from "node:zlib";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kb, runBudgetOf, sentBudgetOf } from "../../bench/route-assets.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { pageUrls, seededSite, type Site } from "../support/site-pages.ts";

type Weight = { url: string; who: string; files: number; filesGzip: number; inlineGzip: number; total: number; filesSent: number; inlineSent: number; sent: number; encodings: string[]; names: string[] };

const gzip = (body: Buffer | string) => zlib.gzipSync(body, { level: 6 }).length;
/** An inline script as the page's brotli sends it (server/encoding.js: quality 4, a 256 KB window). */
const brotli = (body: string) => zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } }).length;

// Notes, the moment the page marks itself hydrated, which scripts the browser had fetched by then.
const NOTE_SCRIPTS_AT_HYDRATION = `new MutationObserver((_, observer) => {
  if (!document.documentElement.hasAttribute("data-app-hydrated")) return;
  observer.disconnect();
  window.__scriptsAtHydration = performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.endsWith(".js"));
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-app-hydrated"] });`;

let api: ApiClient;
let site: Site;
let browser: Browser;
const weights: Weight[] = [];

beforeAll(async () => {
  api = await startApiServer({ SEED_DEMO: "true" });
  site = await seededSite(api);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
});

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

async function weigh(url: string, who: ApiUser | null, label: string): Promise<Weight> {
  const context = await browser.newContext();
  if (who) {
    const [name, ...value] = who.cookie.split("=");
    await context.addCookies([{ name, value: value.join("="), url: api.url }]);
  }
  const page = await context.newPage();
  await page.addInitScript(NOTE_SCRIPTS_AT_HYDRATION);
  const scripts = new Map<string, Promise<{ gzip: number; sent: number; encoding: string }>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const measured = Promise.all([response.body(), response.request().sizes()]).then(
      ([body, sizes]) => ({ gzip: gzip(body), sent: sizes.responseBodySize, encoding: response.headers()["content-encoding"] ?? "identity" }),
      () => ({ gzip: Number.NaN, sent: Number.NaN, encoding: "unread" }), // NaN: a body never read fails the sum
    );
    scripts.set(response.url(), measured);
  });
  const answer = await page.goto(api.url + url);
  // A page answered (the not-found page is a 404; a post past its edit window answers its edit page 409).
  expect([200, 404, 409], `${label} ${url}: ${answer?.status()}`).toContain(answer?.status());
  expect(new URL(page.url()).pathname, `${label} ${url} was sent elsewhere`).toBe(new URL(api.url + url).pathname);
  await page.locator("html[data-app-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
  const fetched = await page.evaluate(() => (window as unknown as { __scriptsAtHydration: string[] }).__scriptsAtHydration);
  // Each inline text once: the deferred boot runs the route manifest's module as a copy of its script.
  const inline = await page.evaluate(() => [...new Set(Array.from(document.querySelectorAll("script:not([src])"), (s) => s.textContent ?? ""))].join("\n"));
  const files = await Promise.all(fetched.map(async (url) => ({ name: new URL(url).pathname.replace(/^\/assets\//, ""), ...(await scripts.get(url)!) })));
  await context.close();
  const filesGzip = files.reduce((sum, f) => sum + f.gzip, 0);
  const filesSent = files.reduce((sum, f) => sum + f.sent, 0);
  const [inlineGzip, inlineSent] = [gzip(inline), brotli(inline)];
  const encodings = [...new Set(files.map((f) => f.encoding))];
  const names = files.map((f) => f.name).sort();
  return { url, who: label, files: files.length, filesGzip, inlineGzip, total: filesGzip + inlineGzip, filesSent, inlineSent, sent: filesSent + inlineSent, encodings, names };
}

describe("JavaScript a page runs before it is usable (as sent and gzipped, files and inline scripts)", () => {
  it("every page kind, as a visitor, a member and an admin, stays within its budget", async () => {
    const pages = pageUrls(site);
    const isAdmin = (id: string) => id.startsWith("routes/admin/");
    // A visitor's sign-in-only pages answer a redirect to /auth: weighed as members only.
    const visitorPage = /^\/($|\?share|post\/\d+$|category\/|categories$|profile\/\d+$|search|auth$)/;
    const visits = [
      ...pages.filter((p) => visitorPage.test(p.url)).map((p) => () => weigh(p.url, null, "visitor")),
      ...pages.filter((p) => !isAdmin(p.id) && p.id !== "routes/auth").map((p) => () => weigh(p.url, site.member, "member")),
      ...pages.filter((p) => isAdmin(p.id)).map((p) => () => weigh(p.url, site.admin, "admin")),
    ];
    // Four pages at a time (each waits for a quiet network, mostly idle).
    for (let i = 0; i < visits.length; i += 4) weights.push(...(await Promise.all(visits.slice(i, i + 4).map((visit) => visit()))));
    console.log(
      [
        "| page | caller | files | sent: files | inline | total | budget | gzip 6: files | inline | total | budget |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ...weights.map((w) => `| \`${w.url}\` | ${w.who} | ${w.files} | ${kb(w.filesSent)} | ${kb(w.inlineSent)} | ${kb(w.sent)} | ${kb(sentBudgetOf(w.url))} | ${kb(w.filesGzip)} | ${kb(w.inlineGzip)} | ${kb(w.total)} | ${kb(runBudgetOf(w.url))} |`),
      ].join("\n"),
    );
    // The four public page kinds, each as both callers: none of them was skipped.
    for (const who of ["visitor", "member"]) expect(weights.filter((w) => w.who === who && /^\/($|post\/|category\/|profile\/)/.test(w.url)).length, who).toBeGreaterThanOrEqual(4);
    expect(weights.filter((w) => !Number.isFinite(w.total) || !Number.isFinite(w.sent)).map((w) => `${w.who} ${w.url}: a script's body was not read`)).toEqual([]);
    // Chromium asks for brotli and the server sends every script file with it (precompressed), or as
    // it is when it is too small to gain (server/static-files.js).
    const otherEncodings = weights.filter((w) => !w.encodings.includes("br") || w.encodings.some((e) => e !== "br" && e !== "identity"));
    expect(otherEncodings.map((w) => `${w.who} ${w.url}: ${w.encodings.join(", ")}`)).toEqual([]);
    const overSent = weights.filter((w) => w.sent > sentBudgetOf(w.url));
    expect(overSent.map((w) => `${w.who} ${w.url}: ${kb(w.sent)} sent (${kb(w.filesSent)} in ${w.files} files + ${kb(w.inlineSent)} inline) > ${kb(sentBudgetOf(w.url))}: ${w.names.join(", ")}`)).toEqual([]);
    const over = weights.filter((w) => w.total > runBudgetOf(w.url));
    expect(over.map((w) => `${w.who} ${w.url}: ${kb(w.total)} (${kb(w.filesGzip)} in ${w.files} files + ${kb(w.inlineGzip)} inline) > ${kb(runBudgetOf(w.url))}: ${w.names.join(", ")}`)).toEqual([]);
  }, 180_000);

  it("a member's page counts the parts only members load", () => {
    const member = weights.find((w) => w.who === "member" && w.url === "/");
    const visitor = weights.find((w) => w.who === "visitor" && w.url === "/");
    expect(member && visitor && member.names.filter((n) => !visitor.names.includes(n)).length).toBeGreaterThan(0);
  });
});
