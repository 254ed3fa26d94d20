// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling: its defaults) with Debian's
// Chromium on the public indexable screens: /, a post page, a category page and a profile, three runs
// each; prints the median of the four scores and of FCP / LCP / TBT / CLS per page, and the audits
// that did not pass. Lighthouse is fetched by npx when this runs (no dependency slows `npm ci`).
//   npm run bench:lighthouse                 the demo site on a fresh temp database
//   npm run bench:lighthouse -- --large      the large dataset (bench/.data/large.db, see bench/run.ts)
//   RUNS=5 CHROME_PATH=… LIGHTHOUSE=lighthouse@12 npm run bench:lighthouse
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../tests/support/server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.RUNS ?? 3);
const LIGHTHOUSE = process.env.LIGHTHOUSE ?? "lighthouse@12";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const LARGE_DB = path.join(ROOT, "bench/.data/large.db");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const METRICS = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
} as const;

type Audit = { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string };
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

function lighthouse(url: string): Report {
  const out = path.join(os.tmpdir(), `chortle-lh-${process.pid}.json`);
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
  fs.rmSync(out, { force: true });
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  return report;
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    log("Building …");
    execFileSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "ignore" });
  }
  const large = process.argv.includes("--large");
  if (large && !fs.existsSync(LARGE_DB)) throw new Error("No bench/.data/large.db: run `npm run db:generate-large` first.");
  const server = await startServer(large ? { DATABASE_PATH: LARGE_DB, SEED_DEMO: "false" } : { SEED_DEMO: "true" });
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
        reports.push(lighthouse(`${server.url}${urlPath}`));
      }
      const score = (c: string) => median(reports.map((r) => Math.round((r.categories[c]?.score ?? 0) * 100)));
      const metric = (id: string) => median(reports.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
      rows.push(
        `| ${name} (\`${urlPath}\`) | ${CATEGORIES.map(score).join(" / ")} | ${(metric(METRICS.FCP) / 1000).toFixed(2)} s | ${(metric(METRICS.LCP) / 1000).toFixed(2)} s | ${metric(METRICS.TBT).toFixed(0)} ms | ${metric(METRICS.CLS).toFixed(3)} |`,
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
      `Lighthouse (${LIGHTHOUSE}, mobile, simulated throttling), median of ${RUNS} runs, ${large ? "large dataset" : "demo site"}:`,
      "",
      `| page | perf / a11y / best practices / SEO | FCP | LCP | TBT | CLS |`,
      `| --- | ---: | ---: | ---: | ---: | ---: |`,
      ...rows,
      "",
      ...[...failing].map(([name, audits]) => `- ${name}: ${[...audits].join("; ")}`),
    ];
    console.log(lines.join("\n"));
  } finally {
    await server.stop();
  }
}

await main();
