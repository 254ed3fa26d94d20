// The browse benchmarks: `npm run bench` (takes a few minutes; `-- --regen` rebuilds the dataset).
//  1. the large dataset (db/generate-large.ts) in bench/.data/large.db, made once;
//  2. production builds of the app (build-bench/) and of a bare React Router app (bench/bare/);
//  3. both served by the same server.js (Express, compression, headers), each pinned to one core
//     with taskset when it exists, autocannon on the other;
//  4. one table: each page's req/s, p50/p99, ratio to the bare page of the same run and the server's
//     CPU per request (GET /healthz is the floor); the home page at a fixed 300 req/s; the HTML as
//     sent and the JS and CSS each page loads (bench/route-assets.ts), gzipped; the server's RSS.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { generateLarge, type LargeDatasetInfo } from "../db/generate-large.ts";
import { kb, routeAssets } from "./route-assets.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const DATA = path.join(ROOT, "bench/.data");
const DB_FILE = path.join(DATA, "large.db");
const APP_BUILD = path.join(ROOT, "build-bench");
const BARE_ROOT = path.join(ROOT, "bench/bare");
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const HEADERS = { "accept-encoding": "gzip", accept: "text/html,application/json" };

const hasTaskset = (() => {
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

function dataset(): LargeDatasetInfo {
  const infoFile = `${DB_FILE}.json`;
  if (!process.argv.includes("--regen") && fs.existsSync(DB_FILE) && fs.existsSync(infoFile)) {
    return JSON.parse(fs.readFileSync(infoFile, "utf8"));
  }
  fs.mkdirSync(DATA, { recursive: true });
  log("Generating the large dataset …");
  const info = generateLarge({ file: DB_FILE });
  fs.writeFileSync(infoFile, JSON.stringify(info, null, 2));
  log(
    `… ${info.posts} posts, ${info.votes} votes, ${info.comments} comments, ${info.users} users in ${info.seconds} s`,
  );
  return info;
}

function build() {
  log("Building the app and the bare page …");
  execFileSync("npx", ["react-router", "build"], {
    cwd: ROOT,
    stdio: "ignore",
    env: { ...process.env, BUILD_DIR: APP_BUILD },
  });
  execFileSync("npx", ["react-router", "build"], { cwd: BARE_ROOT, stdio: "ignore" });
}

type Server = { url: string; child: ChildProcess };

/** server.js on one core (core 0), serving `buildDir`. */
function serve(buildDir: string, env: Record<string, string> = {}): Promise<Server> {
  const args = ["server.js"];
  const [cmd, argv] = hasTaskset ? ["taskset", ["-c", "0", process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      BUILD_DIR: buildDir,
      RATE_LIMIT: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match) resolve({ url: match[1].replace("localhost", "127.0.0.1"), child });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
  });
}

type Run = {
  name: string;
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

/** utime + stime of a process in ms (Linux /proc). */
function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function load(
  name: string,
  server: Server,
  urlPath: string,
  { overallRate, routeId }: { overallRate?: number; routeId?: string } = {},
): Promise<Run> {
  const url = `${server.url}${urlPath}`;
  // Warm up (JIT, SQLite page cache, the render memo) before measuring.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: HEADERS });
  const cpuBefore = cpuMs(server.child.pid!);
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: HEADERS,
    ...(overallRate ? { overallRate } : {}),
  });
  const run: Run = {
    name,
    path: urlPath,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
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

async function main() {
  if (hasTaskset) execFileSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
  const info = dataset();
  build();
  const profileId = mostActiveUser(DB_FILE);

  log("Bare React Router page (same server.js):");
  const bare = await serve(path.join(BARE_ROOT, "build"));
  const bareRuns = [await load("bare page", bare, "/")];

  log(`Chortle on the large dataset (${info.posts} posts, ${info.votes} votes, ${info.comments} comments):`);
  const app = await serve(APP_BUILD, { DATABASE_PATH: DB_FILE, SEED_DEMO: "false" });
  const runs: Run[] = [];
  runs.push(await load("floor GET /healthz", app, "/healthz"));
  runs.push(await load("home", app, "/", { routeId: "routes/home" }));
  runs.push(await load("home, top this week", app, "/?sort=top&t=week", { routeId: "routes/home" }));
  runs.push(await load("post with 200 comments", app, `/post/${info.bigThreadPostId}`, { routeId: "routes/post.$id" }));
  runs.push(await load("category", app, "/category/comedy", { routeId: "routes/category" }));
  runs.push(await load("search", app, "/search?q=grandma", { routeId: "routes/search" }));
  runs.push(await load("profile of the most active member", app, `/profile/${profileId}`, { routeId: "routes/profile/posts" }));
  runs.push(await load("GET /api/posts", app, "/api/posts"));
  const paced = await load("home at 300 req/s", app, "/", { overallRate: 300, routeId: "routes/home" });
  const html = new Map<string, number>();
  for (const run of runs) if (run.routeId) html.set(run.path, await htmlGzip(app.url, run.path));
  const rss = rssMb(app.child.pid!);
  await stop(app);

  // The bare page again, so a busy machine slows both sides alike.
  bareRuns.push(await load("bare page (again)", bare, "/"));
  const bareHtml = await htmlGzip(bare.url, "/");
  await stop(bare);

  const assets = new Map(routeAssets(APP_BUILD).map((r) => [r.id, r]));
  const bareAssets = routeAssets(path.join(BARE_ROOT, "build"))[0];
  const bareRps = bareRuns.reduce((s, r) => s + r.rps, 0) / bareRuns.length;
  const bareCpu = bareRuns.reduce((s, r) => s + r.cpuMs, 0) / bareRuns.length;
  const row = (r: Run, rps: number, label: string, htmlBytes?: number, js?: number, css?: number) =>
    `| ${label} | ${rps.toFixed(0)} | ${r.p50} / ${r.p99} | ${r === paced ? "paced" : `${(rps / bareRps).toFixed(2)}×`} | ${r.cpuMs.toFixed(2)} | ${htmlBytes ? kb(htmlBytes) : ""} | ${js ? kb(js) : ""} | ${css ? kb(css) : ""} |`;
  const lines = [
    `| page | req/s | p50 / p99 ms | vs bare | CPU ms/req | HTML gz | JS gz | CSS gz |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |`,
    ...[...runs, paced].map((r) => {
      const a = r.routeId ? assets.get(r.routeId) : undefined;
      return row(r, r.rps, `${r.name} (\`${r.path}\`)`, r === paced ? undefined : html.get(r.path), a?.jsGzip, a?.cssGzip);
    }),
    `| bare React Router page (mean of ${bareRuns.length}) | ${bareRps.toFixed(0)} | ${bareRuns[0].p50} / ${bareRuns[0].p99} | 1.00× | ${bareCpu.toFixed(2)} | ${kb(bareHtml)} | ${kb(bareAssets.jsGzip)} | |`,
    "",
    `Server RSS after the run: ${rss.toFixed(0)} MB. The most active member is ${profileId}.`,
    `Server on ${hasTaskset ? "one core (taskset -c 0)" : "any core (no taskset)"}, ${CONNECTIONS} connections, ${DURATION} s per run, gzip accepted; ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}, Node ${process.version}, ${new Date().toISOString().slice(0, 16)} UTC.`,
  ];
  console.log(lines.join("\n"));
  fs.writeFileSync(path.join(DATA, "last-run.md"), `${lines.join("\n")}\n`);
  const errors = [...runs, paced, ...bareRuns].reduce((s, r) => s + r.errors, 0);
  if (errors) process.exitCode = 1;
}

await main();
