// `npm run bench:stack`: the HTTP layer, old against new, in one run on the same builds.
//  - "express": bench/express-server.js (Express 5, compression, express.static, @react-router/express),
//    the server we had until 2026-11-23, kept only as this fixture;
//  - "node:http": server.js (node:http, server/react-router.js, server/static-files.js).
// Each serves the app on the large dataset (GET /healthz, the floor; `/`; a hashed JS asset) and the
// bare React Router page (bench/bare), all four servers pinned to core 0 with taskset, autocannon on
// core 1. For each target the two stacks take turns, seconds apart, BENCH_ROUNDS (5) times, who goes
// first alternating, so a machine that gets busier slows both alike. Prints the medians of req/s
// (flat out) and of the server's CPU per request (/proc, user + system, at a fixed rate: see
// measure()) and the median of the rounds' CPU ratios.
// BENCH_SECONDS (5) per measurement; `-- --no-build` reuses build-stack/.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { BROWSER_ACCEPT_ENCODING, cpuMs, hasTaskset, log, ROOT, serve, stop, type Server } from "./serve.ts";

const DB_FILE = path.join(ROOT, "bench/.data/large.db");
const APP_BUILD = path.join(ROOT, "build-stack");
const BARE_BUILD = path.join(ROOT, "bench/bare/build");
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 10;
const CHROME = BROWSER_ACCEPT_ENCODING;
const STACKS = [
  { name: "express", file: "bench/express-server.js" },
  { name: "node:http", file: "server.js" },
] as const;
type StackName = (typeof STACKS)[number]["name"];

function build() {
  if (process.argv.includes("--no-build") && fs.existsSync(path.join(APP_BUILD, "server/index.js"))) return;
  log("Building the app (build-stack/) and the bare page …");
  execFileSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "ignore", env: { ...process.env, BUILD_DIR: APP_BUILD } });
  execFileSync(process.execPath, ["scripts/precompress.mjs", path.join(APP_BUILD, "client")], { cwd: ROOT, stdio: "ignore" });
  execFileSync("npx", ["react-router", "build"], { cwd: path.join(ROOT, "bench/bare"), stdio: "ignore" });
}

type Sample = { rps: number; busyCpuMs: number; cpuMs: number; errors: number };

/**
 * req/s and CPU per request flat out (10 connections), then CPU per request at a fixed rate `pace`,
 * the same for both stacks: on a core shared with other work, a server that uses libuv's thread
 * pool (zlib streams) gets a larger share of the core than one that works on its main thread alone,
 * which flatters its req/s; at a fixed rate both do the same work. (At a low rate, background work
 * such as a cache refresh weighs more per request: the flat-out figure is steadier on a quiet machine.)
 */
async function measure(server: Server, urlPath: string, pace: number, acceptEncoding = CHROME): Promise<Sample> {
  const url = `${server.url}${urlPath}`;
  const headers = { "accept-encoding": acceptEncoding, accept: "text/html,application/json,*/*" };
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const start = cpuMs(server.child.pid!);
  const saturated = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const before = cpuMs(server.child.pid!);
  const paced = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, overallRate: pace });
  // A window in which the server hardly ran (the VM stalled it) says nothing: NaN, left out.
  const stalled = saturated.requests.total === 0 || paced.requests.total < (pace * DURATION) / 4;
  return {
    rps: stalled ? Number.NaN : saturated.requests.average,
    busyCpuMs: stalled ? Number.NaN : (before - start) / saturated.requests.total,
    cpuMs: stalled ? Number.NaN : (cpuMs(server.child.pid!) - before) / paced.requests.total,
    errors: saturated.errors + saturated.non2xx + paced.errors + paced.non2xx,
  };
}

/** The app's entry chunk (a content-hashed file under /assets). */
function assetPath(): string {
  const file = fs.readdirSync(path.join(APP_BUILD, "client/assets")).find((f) => /^root-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("No root-*.js in the build.");
  return `/assets/${file}`;
}

/** The median of the values that are numbers (NaN marks a dropped measurement). */
const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  if (hasTaskset) execFileSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
  if (!fs.existsSync(DB_FILE)) throw new Error(`${DB_FILE} is missing: npm run db:generate-large`);
  build();
  // All four servers run for the whole bench (idle while the others are measured), so the two
  // stacks' measurements of one target are taken seconds apart, round after round.
  const servers = new Map<string, Server>();
  for (const stack of STACKS) {
    servers.set(`${stack.name} app`, await serve([stack.file], APP_BUILD, { DATABASE_PATH: DB_FILE, SEED_DEMO: "false" }));
    servers.set(`${stack.name} bare`, await serve([stack.file], BARE_BUILD));
  }
  // `pace`: the fixed rate (req/s) of the CPU measurement, below what either stack answers.
  const targets: { name: string; path: string; bare: boolean; pace: number; acceptEncoding?: string }[] = [
    { name: "floor GET /healthz", path: "/healthz", bare: false, pace: 200 },
    { name: "home `/` (large dataset)", path: "/", bare: false, pace: 150 },
    { name: "hashed JS asset (br)", path: assetPath(), bare: false, pace: 200 },
    { name: "bare React Router page", path: "/", bare: true, pace: 60 },
    // What bench/run.ts sends.
    { name: "bare page, gzip only", path: "/", bare: true, pace: 150, acceptEncoding: "gzip" },
  ];
  const samples = new Map<string, Sample[]>();
  const ratios = new Map<string, number[]>();
  try {
    for (let round = 0; round < ROUNDS; round++) {
      log(`Round ${round + 1} of ${ROUNDS}:`);
      for (const [i, target] of targets.entries()) {
        // Who goes first alternates by round and by target.
        const order = (round + i) % 2 === 0 ? STACKS : [...STACKS].reverse();
        const pair = new Map<StackName, Sample>();
        for (const stack of order) {
          const server = servers.get(`${stack.name} ${target.bare ? "bare" : "app"}`)!;
          const sample = await measure(server, target.path, target.pace, target.acceptEncoding);
          pair.set(stack.name, sample);
          samples.set(`${stack.name}\0${target.name}`, [...(samples.get(`${stack.name}\0${target.name}`) ?? []), sample]);
          log(
            `  ${stack.name.padEnd(10)} ${target.name.padEnd(28)} ${sample.rps.toFixed(0).padStart(6)} req/s  ${sample.busyCpuMs.toFixed(3)} ms CPU/req flat out, ${sample.cpuMs.toFixed(3)} at ${target.pace} req/s${sample.errors ? `  (${sample.errors} errors!)` : ""}`,
          );
        }
        const ratio = (key: "cpuMs" | "busyCpuMs") => pair.get("node:http")![key] / pair.get("express")![key];
        ratios.set(`paced\0${target.name}`, [...(ratios.get(`paced\0${target.name}`) ?? []), ratio("cpuMs")]);
        ratios.set(`busy\0${target.name}`, [...(ratios.get(`busy\0${target.name}`) ?? []), ratio("busyCpuMs")]);
      }
    }
  } finally {
    for (const server of servers.values()) await stop(server);
  }

  const summary = (stack: StackName, target: string) => {
    const list = samples.get(`${stack}\0${target}`) ?? [];
    return { rps: median(list.map((x) => x.rps)), busyCpuMs: median(list.map((x) => x.busyCpuMs)), cpuMs: median(list.map((x) => x.cpuMs)) };
  };
  const lines = [
    "| what | req/s Express | req/s node:http | CPU ms/req flat out: Express | node:http | ratio | CPU ms/req at a fixed rate: Express | node:http | ratio |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...targets.map((t) => {
      const a = summary("express", t.name);
      const b = summary("node:http", t.name);
      const ratio = (kind: string) => `${median(ratios.get(`${kind}\0${t.name}`)!).toFixed(2)}×`;
      return `| ${t.name} | ${a.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${a.busyCpuMs.toFixed(3)} | ${b.busyCpuMs.toFixed(3)} | ${ratio("busy")} | ${a.cpuMs.toFixed(3)} (${t.pace} req/s) | ${b.cpuMs.toFixed(3)} | ${ratio("paced")} |`;
    }),
    "",
    `Medians of ${ROUNDS} rounds (a ratio: the median of each round's node:http / Express); per measurement 1 s of warm-up, ${DURATION} s flat out, ${DURATION} s at the fixed rate; ` +
      `${CONNECTIONS} connections, Chrome's Accept-Encoding (${CHROME}) unless said; servers on core 0 (${hasTaskset ? "taskset" : "no taskset: any core"}), ` +
      `autocannon on core 1; ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}, ` +
      `Node ${process.version}, ${new Date().toISOString().slice(0, 16)} UTC.`,
  ];
  console.log(lines.join("\n"));
  const errors = [...samples.values()].flat().reduce((sum, x) => sum + x.errors, 0);
  if (errors) {
    log(`${errors} requests failed or answered non-2xx.`);
    process.exitCode = 1;
  }
}

await main();
