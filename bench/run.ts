// The browse benchmarks: `npm run bench` (takes a few minutes; `-- --regen` rebuilds the dataset).
//  1. the large dataset (db/generate-large.ts) in bench/.data/large.db, made once;
//  2. production builds of the app (build-bench/) and of a bare React Router app (bench/bare/);
//  3. both served by the same server.js (Express, compression, headers), each pinned to one core
//     with taskset when it exists, autocannon on the other;
//  4. one table: each page's req/s, p50/p99, ratio to the bare page of the same run and the server's
//     CPU per request (GET /healthz is the floor) with the ratio that CPU time gives; the home page signed in (and its ratio to the
//     anonymous one); the no-JS vote (POST → 303) with its CPU above the floor, one member toggling
//     a vote on one post and 200 members voting on the 200 front-page posts; the home page at a
//     fixed 300 req/s; the HTML as sent and the JS and CSS each page loads (bench/route-assets.ts),
//     gzipped; the server's RSS; the mute row (bench/mutes.ts: the most mutes ÷ none, in process).
// The app works on a copy of the dataset (bench/.data/run.db), so the votes and the session the
// bench makes never change large.db.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon, { type RawRequest } from "autocannon";
import Database from "better-sqlite3";
import type { LargeDatasetInfo } from "../db/generate-large.ts";
import { DATA, dataset, DB_FILE } from "./dataset.ts";
import { kb, routeAssets } from "./route-assets.ts";
import { kindRequests, MIX, readMix, readSite, runMix, SIGNED_IN_SHARE, writeMix, type Kind, type MixRun } from "./mix.ts";
import { BROWSER_ACCEPT_ENCODING, cpuMs, hasTaskset, log, ROOT, rssMb, serve, signIn, stop, type Server } from "./serve.ts";

const RUN_DB = path.join(DATA, "run.db");
const SESSION_SECRET = crypto.randomBytes(24).toString("hex");
const APP_BUILD = path.join(ROOT, "build-bench");
const BARE_ROOT = path.join(ROOT, "bench/bare");
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** How long the mix's server is warmed before its runs (the JIT and the memos in their steady state). */
const MIX_WARM_UP_SECONDS = 16;
const CONNECTIONS = 10;
const HEADERS = { "accept-encoding": BROWSER_ACCEPT_ENCODING, accept: "text/html,application/json" };
/** Members and posts of the spread vote run. */
const SPREAD = 200;
/** Members signed in for the mix and the uncached rows. */
const MIX_MEMBERS = 500;
/** Which parts run: `BENCH_PARTS=mix,uncached,repeat,mutes` (all by default). */
const PARTS = new Set((process.env.BENCH_PARTS ?? "mix,uncached,repeat,mutes").split(","));

/**
 * The mute row (decision 0160): bench/mutes.ts in process with MEMO=off, its table of the most mutes a
 * member or visitor can set beside the same pages without mutes, as ratios (on its own copy of the dataset).
 */
function mutesRows(): string[] {
  log("Mutes: the most mutes beside none (bench/mutes.ts, in process, MEMO=off) …");
  const out = execFileSync(process.execPath, ["--import", "tsx", "bench/mutes.ts"], { cwd: ROOT, env: { ...process.env, MUTES_TABLES: "most" }, encoding: "utf8" });
  return ["### The most mutes beside none (in process, MEMO=off)", "", out.trim(), ""];
}

function build() {
  log("Building the app and the bare page …");
  execFileSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    stdio: "ignore",
    env: { ...process.env, BUILD_DIR: APP_BUILD },
  });
  execFileSync("npx", ["react-router", "build"], { cwd: BARE_ROOT, stdio: "ignore" });
  // As `npm run build` does: the immutable assets compressed once (server/static-files.js).
  for (const dir of [APP_BUILD, path.join(BARE_ROOT, "build")]) {
    execFileSync(process.execPath, ["scripts/precompress.mjs", path.join(dir, "client")], { cwd: ROOT, stdio: "ignore" });
  }
}

/** The V8 flags `npm start` runs the server with (package.json's start script), so the bench measures the same. */
const NODE_FLAGS: string[] =
  JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start.match(/--[\w-]+=\S+/g) ?? [];

type Run = {
  name: string;
  method?: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's own CPU time (user + system) per request, in ms. */
  cpuMs: number;
  /** The route whose JS and CSS the page loads (bench/route-assets.ts), if it is a page. */
  routeId?: string;
};

type LoadOptions = {
  overallRate?: number;
  routeId?: string;
  /** Extra request headers (a session cookie, Origin …). */
  headers?: Record<string, string>;
  method?: string;
  body?: string;
  /** The status class every answer must have (default 2xx). */
  expect?: "2xx" | "3xx";
  /** The path and cookie of the n-th request, when they vary (then `urlPath` only names the run). */
  vary?: (n: number) => { path: string; cookie: string };
};

async function load(
  name: string,
  server: Server,
  urlPath: string,
  { overallRate, routeId, headers = {}, method = "GET", body, expect = "2xx", vary }: LoadOptions = {},
): Promise<Run> {
  const url = `${server.url}${urlPath}`;
  let n = 0;
  const requests = vary
    ? [{ setupRequest: (raw: RawRequest) => { const { path: p, cookie } = vary(n++); return { ...raw, path: p, headers: { ...raw.headers, cookie } }; } }]
    : undefined;
  const request = { url, method, headers: { ...HEADERS, ...headers }, ...(body ? { body } : {}), ...(requests ? { requests } : {}) };
  // Warm up (JIT, SQLite page cache, the render memo) before measuring.
  await autocannon({ ...request, connections: CONNECTIONS, duration: 2 });
  const cpuBefore = cpuMs(server.child.pid!);
  const r = await autocannon({
    ...request,
    connections: CONNECTIONS,
    duration: DURATION,
    ...(overallRate ? { overallRate } : {}),
  });
  const run: Run = {
    name,
    method,
    path: urlPath,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + (r.requests.total - r[expect]),
    cpuMs: (cpuMs(server.child.pid!) - cpuBefore) / Math.max(1, r.requests.total),
    routeId,
  };
  log(
    `  ${name.padEnd(28)} ${run.rps.toFixed(0).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  ${run.cpuMs.toFixed(2)} ms CPU/req${run.errors ? `  (${run.errors} errors!)` : ""}`,
  );
  return run;
}

/** The HTML of a page as sent with gzip accepted (Content-Length is what went over the wire). */
async function htmlGzip(base: string, urlPath: string): Promise<number> {
  const res = await fetch(`${base}${urlPath}`, { headers: { "accept-encoding": "gzip", accept: "text/html" } });
  const body = Buffer.from(await res.arrayBuffer());
  return Number(res.headers.get("content-length")) || zlib.gzipSync(body, { level: 6 }).length;
}

/** The member with the most posts and comments: the busiest profile page. */
function mostActiveUser(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    const row = db
      .prepare(
        `SELECT user_id AS id, SUM(n) AS n FROM (
           SELECT user_id, COUNT(*) AS n FROM posts WHERE user_id IS NOT NULL GROUP BY user_id
           UNION ALL SELECT user_id, COUNT(*) AS n FROM comments WHERE user_id IS NOT NULL GROUP BY user_id
         ) GROUP BY user_id ORDER BY n DESC LIMIT 1`,
      )
      .get() as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

/** A fresh copy of the dataset for the app to serve and write to (votes, the bench's session). */
function copyDataset() {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${RUN_DB}${suffix}`, { force: true });
  fs.copyFileSync(DB_FILE, RUN_DB);
}

/** The posts a busy site's votes land on: the front page's, by hot rank. */
function frontPosts(file: string, n: number): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT id FROM posts ORDER BY hot DESC LIMIT ?").pluck().all(n) as number[];
  } finally {
    db.close();
  }
}

/** Members other than `except`, as many as asked for. */
function otherMembers(file: string, n: number, except: number): number[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare("SELECT id FROM users WHERE id <> ? ORDER BY id LIMIT ?").pluck().all(except, n) as number[];
  } finally {
    db.close();
  }
}

type Repeated = Awaited<ReturnType<typeof repeatedRuns>>;

/** The second table: one URL again and again (what the memos do for a page that is asked often). */
async function repeatedRuns(app: Server, info: LargeDatasetInfo, profileId: number, cookie: string, spreadVoters: string[], spreadPosts: number[]) {
  log("The same URL again and again (answer memo hits while nothing is written):");
  // Every page under load for a while first, so the first run measured does not pay for the
  // server's start: the JIT compiles on its own threads (their CPU counts), the first sidebar, SQLite's
  // page cache. Without it the first page measured cost ~1 ms more per request than the same page later.
  const pages = ["/healthz", "/", "/?sort=top&t=week", `/post/${info.bigThreadPostId}`, "/category/comedy", "/search?q=grandma", `/profile/${profileId}`, "/api/posts"];
  for (const page of pages) {
    for (const headers of [HEADERS, { ...HEADERS, cookie }]) {
      await autocannon({ url: `${app.url}${page}`, headers, connections: CONNECTIONS, duration: 1 });
    }
  }
  const runs: Run[] = [];
  const floor = await load("floor GET /healthz", app, "/healthz");
  runs.push(floor);
  const home = await load("home", app, "/", { routeId: "routes/home" });
  runs.push(home);
  const signedIn = await load("home, signed in", app, "/", { routeId: "routes/home", headers: { cookie } });
  runs.push(signedIn);
  runs.push(await load("home, top this week", app, "/?sort=top&t=week", { routeId: "routes/home" }));
  runs.push(await load("post with 200 comments", app, `/post/${info.bigThreadPostId}`, { routeId: "routes/post.$id" }));
  runs.push(await load("category", app, "/category/comedy", { routeId: "routes/category" }));
  runs.push(await load("search", app, "/search?q=grandma", { routeId: "routes/search" }));
  runs.push(await load("profile of the most active member", app, `/profile/${profileId}`, { routeId: "routes/profile/posts" }));
  runs.push(await load("GET /api/posts", app, "/api/posts"));
  // The no-JS vote form as a browser sends it: the same direction each time, so the vote goes on,
  // comes off, goes on… every one a real write (vote row, counters, hot rank, the author's notice).
  // The vote's floor is measured right before and right after it (the machine's speed drifts
  // over a run of several minutes): its cost is CPU above the mean of the two.
  const votePage = `/post/${info.bigThreadPostId}`;
  const voteHeaders = (base: string) => ({
    "content-type": "application/x-www-form-urlencoded",
    origin: app.url,
    referer: `${app.url}${base}`,
    "sec-fetch-site": "same-origin",
  });
  const floorBefore = await load("floor, before the vote", app, "/healthz");
  const vote = await load("vote, no-JS POST → 303", app, `${votePage}/vote`, {
    method: "POST",
    body: "direction=up",
    expect: "3xx",
    headers: { cookie, ...voteHeaders(votePage) },
  });
  runs.push(vote);
  const floorBetween = await load("floor, between the votes", app, "/healthz");
  // Votes as a busy site gets them: 200 members on the 200 front-page posts, each request another
  // member and post (member n % 200 on post ⌊n / 200⌋ % 200: nearly every one a first vote).
  const spread = await load(`vote, ${SPREAD} members on ${SPREAD} posts`, app, "/post/:id/vote", {
    method: "POST",
    body: "direction=up",
    expect: "3xx",
    headers: voteHeaders("/"),
    vary: (n) => ({ path: `/post/${spreadPosts[Math.floor(n / SPREAD) % SPREAD]}/vote`, cookie: spreadVoters[n % SPREAD] }),
  });
  runs.push(spread);
  const floorAfter = await load("floor, after the votes", app, "/healthz");
  const voteFloors = new Map([
    [vote, (floorBefore.cpuMs + floorBetween.cpuMs) / 2],
    [spread, (floorBetween.cpuMs + floorAfter.cpuMs) / 2],
  ]);
  const paced = await load("home at 300 req/s", app, "/", { overallRate: 300, routeId: "routes/home" });
  const html = new Map<string, number>();
  for (const run of runs) if (run.routeId && !html.has(run.path)) html.set(run.path, await htmlGzip(app.url, run.path));
  return { runs, paced, voteFloors, home, signedIn, html };
}

type KindRow = { kind: Kind; visitor: MixRun; member: MixRun; bareCpu: number };

/**
 * The bare page measured right beside each row (before it, and after it: the next row's before), so
 * each ratio compares two things measured within seconds of each other: this VM's speed drifts by up
 * to ±50 % within a run (bench/README.md), which a ratio to a bare page measured minutes away takes
 * for a difference of the app's.
 */
type Beside = () => Promise<number>;
const meanOf = (a: number, b: number) => (a + b) / 2;

/** Each page kind as first asked, every memo off: a visitor, then one of many members. */
async function uncachedRuns(app: Server, site: ReturnType<typeof readSite>, members: string[], bare: Beside): Promise<KindRow[]> {
  log("Each page kind as first asked (MEMO=off), many URLs of each, the bare page beside each:");
  const rows: KindRow[] = [];
  const kinds: Kind[] = ["post", "profile", "home", "category", "search"];
  let bareBefore = await bare();
  for (const [i, kind] of kinds.entries()) {
    // The visitor runs before and after the member (their mean is the visitor's row), so a machine
    // that drifts during the three runs does not pass for a difference between the two.
    const before = await runMix(`${kind}, visitor`, app, kindRequests(site, kind, null, 100 + i), null, 0, DURATION);
    const member = await runMix(`${kind}, signed in`, app, kindRequests(site, kind, members, 200 + i), null, 0, DURATION);
    const after = await runMix(`${kind}, visitor (again)`, app, kindRequests(site, kind, null, 300 + i), null, 0, DURATION);
    const visitor: MixRun = {
      ...before,
      requests: before.requests + after.requests,
      rps: (before.rps + after.rps) / 2,
      p50: Math.max(before.p50, after.p50),
      p99: Math.max(before.p99, after.p99),
      cpuMs: (before.cpuMs * before.requests + after.cpuMs * after.requests) / (before.requests + after.requests),
      errors: before.errors + after.errors,
    };
    const bareAfter = await bare();
    rows.push({ kind, visitor, member, bareCpu: meanOf(bareBefore, bareAfter) });
    bareBefore = bareAfter;
  }
  return rows;
}

/** The uncompressed HTML of a page as a visitor gets it. */
async function htmlBytes(base: string, urlPath: string): Promise<number> {
  const res = await fetch(`${base}${urlPath}`, { headers: { "accept-encoding": "identity", accept: "text/html" } });
  return (await res.arrayBuffer()).byteLength;
}

/**
 * The bare page through server.js with the request log and the metrics off, then both on (issue 48),
 * twice each in turn, the cheaper run of each kept:
 * what per-request observability costs (request id, log line, metrics label and timing, the
 * request-scoped storage), so that it cannot grow unseen. The bare page of the other rows runs as
 * `npm start` does by default: request log on, metrics off.
 */
async function observabilityRuns(): Promise<{ off: Run; on: Run }> {
  const configs = [
    ["bare page, request log and metrics off (LOG_REQUESTS=off)", { LOG_REQUESTS: "off" }],
    ["bare page through the app's server with metrics and logs on (METRICS_PORT)", { LOG_REQUESTS: "on", METRICS_PORT: "0" }],
  ] as const;
  // Off, on, off, on; each side's cheaper run (the one the machine disturbed least) is the row.
  const best: (Run | undefined)[] = [undefined, undefined];
  for (let round = 0; round < 2; round++) {
    for (const [i, [name, env]] of configs.entries()) {
      const server = await serve([...NODE_FLAGS, "server.js"], path.join(BARE_ROOT, "build"), env);
      await autocannon({ url: `${server.url}/`, headers: HEADERS, connections: CONNECTIONS, duration: 4 });
      const run = await load(name, server, "/");
      await stop(server);
      if (!best[i] || run.cpuMs < best[i].cpuMs) best[i] = run;
    }
  }
  return { off: best[0]!, on: best[1]! };
}

async function main() {
  if (hasTaskset) execFileSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
  const info = dataset();
  const mutes = PARTS.has("mutes") ? mutesRows() : [];
  if (PARTS.size === 1 && mutes.length > 0) return void console.log(mutes.join("\n"));
  build();
  const profileId = mostActiveUser(DB_FILE);
  copyDataset();
  const [cookie] = await signIn(RUN_DB, SESSION_SECRET, [profileId]);
  const spreadVoters = await signIn(RUN_DB, SESSION_SECRET, otherMembers(DB_FILE, SPREAD, profileId));
  const spreadPosts = frontPosts(DB_FILE, SPREAD);
  const site = readSite(DB_FILE);
  // Members from the whole range of activity, busiest to silent.
  const stride = Math.max(1, Math.floor(site.members.length / MIX_MEMBERS));
  const mixMembers = await signIn(RUN_DB, SESSION_SECRET, site.members.filter((_, i) => i % stride === 0).slice(0, MIX_MEMBERS));

  log("Bare React Router page (same server.js):");
  const bare = await serve([...NODE_FLAGS, "server.js"], path.join(BARE_ROOT, "build"));
  // Warmed like the app below: a first run right after start costs ~1 ms more per request (the JIT).
  await autocannon({ url: `${bare.url}/`, headers: HEADERS, connections: CONNECTIONS, duration: 4 });
  const bareRuns = [await load("bare page", bare, "/")];
  const observed = await observabilityRuns();
  const besideRuns: Run[] = [];
  const beside: Beside = async () => {
    const run = await load("bare page (beside)", bare, "/");
    besideRuns.push(run);
    return run.cpuMs;
  };
  const appEnv = { DATABASE_PATH: RUN_DB, SEED_DEMO: "false", SESSION_SECRET };

  let uncached: KindRow[] = [];
  const sizes = new Map<string, number>();
  let uncachedRss = Number.NaN;
  if (PARTS.has("uncached")) {
    const cold = await serve([...NODE_FLAGS, "server.js"], APP_BUILD, { ...appEnv, MEMO: "off" });
    // The JIT and SQLite's page cache warmed on other URLs of the same kinds.
    for (const kind of ["post", "profile", "home", "category", "search"] as Kind[]) {
      await runMix(`warm-up ${kind}`, cold, kindRequests(site, kind, mixMembers, 900), null, 0, 1);
    }
    uncached = await uncachedRuns(cold, site, mixMembers, beside);
    for (const [name, urlPath] of [["home", "/"], ["profile", `/profile/${profileId}`], ["post", `/post/${info.bigThreadPostId}`], ["category", "/category/comedy"]]) {
      sizes.set(`${name} (\`${urlPath}\`)`, await htmlBytes(cold.url, urlPath));
    }
    uncachedRss = rssMb(cold.child.pid!);
    await stop(cold);
  }

  log(`Chortle on the large dataset (${info.posts} posts, ${info.votes} votes, ${info.comments} comments):`);
  const app = await serve([...NODE_FLAGS, "server.js"], APP_BUILD, appEnv);
  const mixRuns: (MixRun & { bareCpu: number })[] = [];
  if (PARTS.has("mix")) {
    log("The realistic mix (bench/README.md), the bare page beside each run:");
    // A live site's server has been up for hours: its JIT warm, its memos holding the popular pages.
    // After 4 s the first 6 s run still cost ~20 % more than the next (decision 0058): the warm-up
    // runs until the runs after it cost the same, on URLs of its own (another seed).
    await runMix("warm-up", app, readMix(site, mixMembers, 1), null, 0, MIX_WARM_UP_SECONDS);
    let bareBefore = await beside();
    for (const [name, seed, writes, rate] of [
      ["reads only", 2, null, 0],
      ["reads + 5 writes/s", 3, 4, 5],
      ["reads + 50 writes/s", 5, 6, 50],
    ] as const) {
      const run = await runMix(name, app, readMix(site, mixMembers, seed), writes === null ? null : writeMix(site, mixMembers, app.url, writes), rate, DURATION);
      const bareAfter = await beside();
      mixRuns.push({ ...run, bareCpu: meanOf(bareBefore, bareAfter) });
      bareBefore = bareAfter;
    }
  }
  const repeated: Repeated | null = PARTS.has("repeat") ? await repeatedRuns(app, info, profileId, cookie, spreadVoters, spreadPosts) : null;
  const rss = rssMb(app.child.pid!);
  await stop(app);

  // The bare page again, so a busy machine slows both sides alike.
  bareRuns.push(await load("bare page (again)", bare, "/"));
  const bareHtml = await htmlGzip(bare.url, "/");
  await stop(bare);

  const bareRps = bareRuns.reduce((s, r) => s + r.rps, 0) / bareRuns.length;
  const bareCpu = bareRuns.reduce((s, r) => s + r.cpuMs, 0) / bareRuns.length;
  const byCpu = (ms: number, bare = bareCpu) => `${(bare / ms).toFixed(2)}×`;
  const shape = MIX.map(([k, share]) => `${k} ${Math.round(share * 100)} %`).join(", ");
  const lines = [
    `### The realistic mix (answer memo and caches on, as served)`,
    "",
    `| run | req/s | p50 / p99 ms | CPU ms/req | bare page beside it, CPU ms/req | vs bare by CPU | writes done |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...mixRuns.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} / ${r.p99} | ${r.cpuMs.toFixed(2)} | ${r.bareCpu.toFixed(2)} | ${byCpu(r.cpuMs, r.bareCpu)} | ${r.writes} |`),
    `| bare React Router page (mean of ${bareRuns.length}, first and last of the bench) | ${bareRps.toFixed(0)} | ${bareRuns[0].p50} / ${bareRuns[0].p99} | ${bareCpu.toFixed(2)} | | 1.00× | |`,
    "",
    `Reads: ${shape}; ${Math.round(SIGNED_IN_SHARE * 100)} % signed in as one of ${mixMembers.length} members; posts and profiles by a Zipf rank over all ${site.posts.length} posts and ${site.members.length} members. Writes: votes (2/3) and comments (1/3) by random members on posts by the same popularity, no-JS forms (303).`,
    "",
    `### What observability costs per request (the bare page through server.js)`,
    "",
    `Off and on measured twice each in turn, the cheaper run of each shown; the middle row is the bare page the other rows divide by (one run).`,
    "",
    `| run | req/s | p50 / p99 ms | CPU ms/req | over the page without them |`,
    `| --- | ---: | ---: | ---: | ---: |`,
    ...[observed.off, { ...bareRuns[0], name: "bare page as in the other rows (request log on, metrics off; its first run)" }, observed.on].map(
      (r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} / ${r.p99} | ${r.cpuMs.toFixed(3)} | ${r === observed.off ? "" : `${r.cpuMs >= observed.off.cpuMs ? "+" : "−"}${Math.abs(r.cpuMs - observed.off.cpuMs).toFixed(3)} ms (${(r.cpuMs / observed.off.cpuMs).toFixed(2)}×)`} |`,
    ),
    "",
    `### Each page kind as first asked (MEMO=off, another URL each request)`,
    "",
    `| page kind | visitor CPU ms/req (mean of the runs before and after) | signed-in CPU ms/req | bare page beside them, CPU ms/req | visitor vs bare by CPU | signed in vs bare | signed in / visitor | p50 visitor (the slower run) / member ms |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...uncached.map(
      ({ kind, visitor, member, bareCpu: beside }) =>
        `| ${kind} | ${visitor.cpuMs.toFixed(2)} | ${member.cpuMs.toFixed(2)} | ${beside.toFixed(2)} | ${byCpu(visitor.cpuMs, beside)} | ${byCpu(member.cpuMs, beside)} | ${(member.cpuMs / visitor.cpuMs).toFixed(2)}× | ${visitor.p50} / ${member.p50} |`,
    ),
    "",
    `HTML per document before compression (a visitor): ${[...sizes].map(([k, v]) => `${k} ${kb(v)}`).join(", ")}.`,
    `Server RSS: ${rss.toFixed(0)} MB after the bench (memo on)${Number.isNaN(uncachedRss) ? "" : `, ${uncachedRss.toFixed(0)} MB after the uncached rows (MEMO=off)`}.`,
    "",
  ];
  if (repeated) lines.push(`### The same URL again and again`, "", ...repeatedTable(repeated, bareRuns, bareRps, bareCpu, bareHtml, profileId), "");
  lines.push(...mutes);
  lines.push(
    `Server on ${hasTaskset ? "one core (taskset -c 0)" : "any core (no taskset)"}, ${CONNECTIONS} connections, ${DURATION} s per run, a browser's Accept-Encoding; ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}, Node ${process.version}, ${new Date().toISOString().slice(0, 16)} UTC.`,
  );
  console.log(lines.join("\n"));
  fs.writeFileSync(path.join(DATA, "last-run.md"), `${lines.join("\n")}\n`);
  const errors = [...(repeated ? [...repeated.runs, repeated.paced] : []), ...bareRuns, observed.off, observed.on, ...besideRuns, ...mixRuns, ...uncached.flatMap((r) => [r.visitor, r.member])].reduce(
    (s, r) => s + r.errors,
    0,
  );
  if (errors) process.exitCode = 1;
}

function repeatedTable(
  { runs, paced, voteFloors, home, signedIn, html }: Repeated,
  bareRuns: Run[],
  bareRps: number,
  bareCpu: number,
  bareHtml: number,
  profileId: number,
): string[] {
  const assets = new Map(routeAssets(APP_BUILD).map((r) => [r.id, r]));
  const bareAssets = routeAssets(path.join(BARE_ROOT, "build"))[0];
  const ratio = (r: Run) => {
    if (r === paced) return "paced";
    if (voteFloors.has(r)) return "";
    const vsBare = `${(r.rps / bareRps).toFixed(2)}×`;
    return r === signedIn ? `${vsBare} (${(r.rps / home.rps).toFixed(2)}× anonymous)` : vsBare;
  };
  const cpu = (r: Run) => {
    const floor = voteFloors.get(r);
    if (floor === undefined) return r.cpuMs.toFixed(2);
    const above = r.cpuMs - floor;
    return `${r.cpuMs.toFixed(2)} (floor ${floor.toFixed(2)} ${above < 0 ? "−" : "+"} ${Math.abs(above).toFixed(2)})`;
  };
  // What one core serves of this page per bare page, from the server's own CPU time: it holds when
  // other processes share the machine, which the req/s ratio does not.
  const cpuRatio = (r: Run) => {
    if (voteFloors.has(r) || r === paced) return "";
    const vsBare = `${(bareCpu / r.cpuMs).toFixed(2)}×`;
    return r === signedIn ? `${vsBare} (${(home.cpuMs / r.cpuMs).toFixed(2)}× anonymous)` : vsBare;
  };
  const row = (r: Run, label: string, htmlBytes?: number, js?: number, css?: number) =>
    `| ${label} | ${r.rps.toFixed(0)} | ${r.p50} / ${r.p99} | ${ratio(r)} | ${cpu(r)} | ${cpuRatio(r)} | ${htmlBytes ? kb(htmlBytes) : ""} | ${js ? kb(js) : ""} | ${css ? kb(css) : ""} |`;
  const lines = [
    `| page | req/s | p50 / p99 ms | vs bare | CPU ms/req | vs bare by CPU | HTML gz | JS gz | CSS gz |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...[...runs, paced].map((r) => {
      const a = r.routeId ? assets.get(r.routeId) : undefined;
      const label = `${r.name} (\`${r.method === "GET" ? "" : `${r.method} `}${r.path}\`)`;
      return row(r, label, r === paced || r === signedIn ? undefined : html.get(r.path), a?.jsGzip, a?.cssGzip);
    }),
    `| bare React Router page (mean of ${bareRuns.length}) | ${bareRps.toFixed(0)} | ${bareRuns[0].p50} / ${bareRuns[0].p99} | 1.00× | ${bareCpu.toFixed(2)} | 1.00× | ${kb(bareHtml)} | ${kb(bareAssets.jsGzip)} | |`,
    "",
    `The most active member is ${profileId} (also the signed-in viewer and the one voter); the spread votes: ${SPREAD} other members on the ${SPREAD} hottest posts.`,
  ];
  return lines;
}

await main();
