// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling: its defaults) with Debian's
// Chromium on the public indexable screens: /, a post page, a category page and a profile, three runs
// each; prints the median of the four scores and of FCP / LCP / TBT / CLS per page, and the audits
// that did not pass. Lighthouse is fetched by npx when this runs (no dependency slows `npm ci`).
//   npm run bench:lighthouse                 the demo site on a fresh temp database
//   npm run bench:lighthouse -- --large      the large dataset (bench/.data/large.db, see bench/run.ts)
//   npm run bench:lighthouse -- --jpeg       thumbnails as production has them (see below)
//   RUNS=5 CHROME_PATH=… LIGHTHOUSE=lighthouse@12 BUILD_DIR=build-x LH_KEEP=/tmp/lh npm run bench:lighthouse
// Thumbnails: this machine cannot reach YouTube's image host, so by default every card shows the
// server's SVG placeholder (an SVG is a document the page's main thread lays out and paints, ~10 ms
// each on a slow phone). With --jpeg a local stand-in for the image host serves one 320×180 JPEG
// (~10 KB, like YouTube's mqdefault) for every video, as the site serves in production.
// The document column is the main document as it went over the wire (compressed, with headers).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import http from "node:http";
import { chromium } from "@playwright/test";
import { startServer } from "../tests/support/server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.RUNS ?? 3);
const LIGHTHOUSE = process.env.LIGHTHOUSE ?? "lighthouse@12";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const LARGE_DB = path.join(ROOT, "bench/.data/large.db");
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");
const KEEP = process.env.LH_KEEP;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
} as const;

type Audit = {
  score: number | null;
  numericValue?: number;
  title: string;
  scoreDisplayMode: string;
  details?: { items?: { url?: string; resourceType?: string; transferSize?: number }[] };
};
type Report = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
};

const log = (message: string) => process.stderr.write(`${message}\n`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function lighthouse(url: string, name: string): Report {
  const out = KEEP ? path.join(KEEP, `${name}.json`) : path.join(os.tmpdir(), `chortle-lh-${process.pid}.json`);
  const result = spawnSync(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      `--only-categories=${CATEGORIES.join(",")}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH }, encoding: "utf8", stdio: ["ignore", "ignore", "pipe"], timeout: 180_000 },
  );
  if (result.status !== 0 || !fs.existsSync(out)) {
    throw new Error(`lighthouse failed (${result.status ?? result.signal}): ${result.stderr?.slice(-2000) ?? result.error}`);
  }
  const report = JSON.parse(fs.readFileSync(out, "utf8")) as Report;
  if (!KEEP) fs.rmSync(out, { force: true });
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  return report;
}

/** A 320×180 JPEG like YouTube's mqdefault thumbnails, drawn by Chromium (no binary in the repo). */
async function sampleThumbnail(): Promise<Buffer> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage({ viewport: { width: 320, height: 180 } });
    await page.setContent(
      `<body style="margin:0;height:180px;background:linear-gradient(135deg,#0ea5e9,#a855f7 50%,#f97316);display:grid;place-items:center;font:bold 28px sans-serif;color:#fff">A video still</body>`,
    );
    return await page.screenshot({ type: "jpeg", quality: 80 });
  } finally {
    await browser.close();
  }
}

/** A stand-in for YouTube's image host: the same JPEG for every /vi/{id}/{file}. */
async function startImageHost(jpeg: Buffer): Promise<{ url: string; close: () => void }> {
  const host = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length });
    res.end(jpeg);
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  const address = host.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, close: () => host.close() };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "server/index.js"))) {
    log("Building …");
    execFileSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "ignore", env: { ...process.env, BUILD_DIR } });
  }
  const large = process.argv.includes("--large");
  const jpeg = process.argv.includes("--jpeg");
  if (large && !fs.existsSync(LARGE_DB)) throw new Error("No bench/.data/large.db: run `npm run db:generate-large` first.");
  if (KEEP) fs.mkdirSync(KEEP, { recursive: true });
  const images = jpeg ? await startImageHost(await sampleThumbnail()) : null;
  const server = await startServer({
    BUILD_DIR,
    ...(large ? { DATABASE_PATH: LARGE_DB, SEED_DEMO: "false" } : { SEED_DEMO: "true" }),
    ...(images ? { THUMBNAIL_BASE_URL: images.url } : {}),
  });
  try {
    // A post, a category and a member from the site itself.
    const posts = (await (await fetch(`${server.url}/api/posts?limit=1`)).json()) as { id: number; category: string; userId: number | null }[] | { posts: { id: number; category: string; userId: number | null }[] };
    const first = (Array.isArray(posts) ? posts : posts.posts)[0];
    if (!first) throw new Error("The site has no posts to measure.");
    const pages = [
      ["home", "/"],
      ["post", `/post/${first.id}`],
      ["category", `/category/${first.category.toLowerCase()}`],
      ["profile", `/profile/${first.userId ?? 1}`],
    ] as const;

    const rows: string[] = [];
    const failing = new Map<string, Set<string>>();
    for (const [name, urlPath] of pages) {
      const reports: Report[] = [];
      for (let i = 1; i <= RUNS; i++) {
        log(`  ${name} ${urlPath}: run ${i} of ${RUNS} …`);
        reports.push(lighthouse(`${server.url}${urlPath}`, `${name}-${i}`));
      }
      const score = (c: string) => median(reports.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100)));
      const metric = (id: string) => median(reports.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
      const documentBytes = median(
        reports.map((r) => r.audits["network-requests"]?.details?.items?.find((item) => item.resourceType === "Document")?.transferSize ?? 0),
      );
      rows.push(
        `| ${name} (\`${urlPath}\`) | ${CATEGORIES.map(score).join(" / ")} | ${(metric(METRICS.FCP) / 1000).toFixed(2)} s | ${(metric(METRICS.LCP) / 1000).toFixed(2)} s | ${metric(METRICS.TBT).toFixed(0)} ms | ${metric(METRICS.CLS).toFixed(3)} | ${kb(documentBytes)} |`,
      );
      for (const report of reports) {
        for (const category of CATEGORIES) {
          for (const ref of report.categories[category]?.auditRefs ?? []) {
            const audit = report.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative") {
              if (!failing.has(name)) failing.set(name, new Set());
              failing.get(name)!.add(`${category}: ${ref.id} (${audit.title})`);
            }
          }
        }
      }
    }
    const lines = [
      `Lighthouse (${LIGHTHOUSE}, mobile, simulated throttling), median of ${RUNS} runs, ${large ? "large dataset" : "demo site"}, ${jpeg ? "JPEG thumbnails from a local image host" : "SVG placeholder thumbnails"}, ${path.relative(ROOT, BUILD_DIR)}/ (load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}):`,
      "",
      `| page | perf / a11y / best practices / SEO | FCP | LCP | TBT | CLS | document |`,
      `| --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
      ...rows,
      "",
      ...[...failing].map(([name, audits]) => `- ${name}: ${[...audits].join("; ")}`),
    ];
    console.log(lines.join("\n"));
  } finally {
    await server.stop();
    images?.close();
  }
}

await main();
