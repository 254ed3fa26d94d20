// The browse benchmarks: `npm run bench` (takes a few minutes; `-- --regen` rebuilds the dataset).
//  1. the large dataset (db/generate-large.ts) in bench/.data/large.db, made once;
//  2. production builds of the app (build-bench/) and of a bare React Router app (bench/bare/);
//  3. both served by the same server.js (Express, compression, headers), each pinned to one core
//     with taskset when it exists, autocannon on the other;
//  4. req/s and latency for the pages of issue 3, the home page at a fixed 300 req/s, and the gzip
//     sizes of the HTML, CSS and JS that / loads.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { generateLarge, type LargeDatasetInfo } from "../db/generate-large.ts";

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

type Run = { name: string; path: string; rps: number; p50: number; p99: number; errors: number };

async function load(name: string, base: string, urlPath: string, overallRate?: number): Promise<Run> {
  const url = `${base}${urlPath}`;
  // Warm up (JIT, SQLite page cache, the render memo) before measuring.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: HEADERS });
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: HEADERS,
    ...(overallRate ? { overallRate } : {}),
  });
  const run = {
    name,
    path: urlPath,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
  log(
    `  ${name.padEnd(28)} ${run.rps.toFixed(0).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms${run.errors ? `  (${run.errors} errors!)` : ""}`,
  );
  return run;
}

async function sizes(base: string) {
  const res = await fetch(`${base}/`, { headers: { "accept-encoding": "gzip" } });
  // fetch hands back the decoded body; Content-Length is what went over the wire.
  const wire = Buffer.from(await res.arrayBuffer());
  const html = wire.toString("utf8");
  const htmlGzip = Number(res.headers.get("content-length")) || zlib.gzipSync(wire, { level: 6 }).length;
  const assets = new Set<string>();
  for (const m of html.matchAll(/<link rel="(?:stylesheet|modulepreload)" href="([^"]+)"/g)) assets.add(m[1]);
  for (const m of html.matchAll(/import[^"']*["'](\/assets\/[^"']+\.js)["']/g)) assets.add(m[1]);
  let css = 0;
  let js = 0;
  let jsFiles = 0;
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(`${base}${asset}`)).arrayBuffer());
    const gz = zlib.gzipSync(body, { level: 6 }).length;
    if (asset.endsWith(".css")) css += gz;
    else {
      js += gz;
      jsFiles++;
    }
  }
  return { htmlRaw: wire.length, htmlGzip, css, js, jsFiles };
}

async function main() {
  if (hasTaskset) execFileSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
  const info = dataset();
  build();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

  log("Bare React Router page (same server.js):");
  const bare = await serve(path.join(BARE_ROOT, "build"));
  const bareRuns = [await load("bare page", bare.url, "/")];

  log(`Chortle on the large dataset (${info.posts} posts, ${info.votes} votes, ${info.comments} comments):`);
  const app = await serve(APP_BUILD, { DATABASE_PATH: DB_FILE, SEED_DEMO: "false" });
  const runs: Run[] = [];
  runs.push(await load("home /", app.url, "/"));
  runs.push(await load("home top this week", app.url, "/?sort=top&t=week"));
  runs.push(await load("post with 200 comments", app.url, `/post/${info.bigThreadPostId}`));
  runs.push(await load("search", app.url, "/search?q=grandma"));
  runs.push(await load("GET /api/posts", app.url, "/api/posts"));
  const paced = await load("home / at 300 req/s", app.url, "/", 300);
  const size = await sizes(app.url);
  await stop(app);

  // The bare page again, so a busy machine slows both sides alike.
  bareRuns.push(await load("bare page (again)", bare.url, "/"));
  await stop(bare);

  const bareRps = bareRuns.reduce((s, r) => s + r.rps, 0) / bareRuns.length;
  const lines = [
    `| page | req/s | p50 ms | p99 ms |`,
    `| --- | ---: | ---: | ---: |`,
    ...[...runs, paced].map((r) => `| ${r.name} (\`${r.path}\`) | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} |`),
    `| bare React Router page (mean of ${bareRuns.length}) | ${bareRps.toFixed(0)} | ${bareRuns[0].p50} | ${bareRuns[0].p99} |`,
    "",
    `home / bare: ${(runs[0].rps / bareRps).toFixed(2)}×`,
    `/ loads: HTML ${kb(size.htmlGzip)} gzip (${kb(size.htmlRaw)} raw), CSS ${kb(size.css)} gzip, JS ${kb(size.js)} gzip in ${size.jsFiles} files`,
    `server on ${hasTaskset ? "one core (taskset -c 0)" : "any core (no taskset)"}, ${CONNECTIONS} connections, ${DURATION} s per run, gzip accepted`,
  ];
  console.log(lines.join("\n"));
  fs.writeFileSync(path.join(DATA, "last-run.md"), `${lines.join("\n")}\n`);
  const errors = [...runs, paced, ...bareRuns].reduce((s, r) => s + r.errors, 0);
  if (errors) process.exitCode = 1;
}

await main();
