// `npm run bench:capacity`: how much one box holds (docs/operations.md, "Capacity"). On a copy of the
// large dataset (db:generate-large), the mix of a real visit: Chromium's visits recorded first
// (bench/visit.ts: documents, `.data` navigations, assets, thumbnails, the GET after a 303), then
// replayed over many URLs (bench/mix.ts, visitMix: 30 % of reads by 500 signed-in members whose
// sessions were last seen two hours ago and whose GETs write as they do, the rest visitors; no
// shared cache in front; thumbnails from a local picture host) with 0, 5 and 50 writes a second
// beside it, flat out on 10 connections, for:
//  - one core: WORKERS=1 pinned to core 0 (taskset), autocannon on core 1;
//  - the 2-core box: WORKERS=2 on cores 0 and 1, autocannon on the same cores (the box has two; the
//    load generator's share is the price of measuring it on itself, said beside the table).
// Each row: req/s, p50/p99 ms, the server's CPU per request and its CPU use (% of one core, every
// process of it). The bare React Router page (bench/bare) is measured first and last on core 0, as
// React Router ships it (its development build on the server) and as the app is built
// (bench/bare-production: the production copy bundled, as vite.config.ts does), so the mix's CPU per
// request can be read against both. BENCH_SECONDS (10) a row.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { copyDataset, DATA, dataset, DB_FILE } from "./dataset.ts";
import Database from "better-sqlite3";
import { readSite, runMix, visitMix, writeMix, type MixRun, type VisitShape } from "./mix.ts";
import { hasTaskset, log, ROOT, serve, signIn, stop, type Server } from "./serve.ts";
import { fakePictureHost, recordVisits, visitShape, visitTable } from "./visit.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUN_DB = path.join(DATA, "capacity.db");
const SECRET = crypto.randomBytes(24).toString("hex");
const APP_BUILD = path.join(ROOT, "build");
const BARES = [
  { name: "bare page, as React Router ships it", dir: path.join(ROOT, "bench/bare") },
  { name: "bare page, built as the app is", dir: path.join(ROOT, "bench/bare-production") },
];
const MEMBERS = 500;
/** The V8 flags of `npm start` (package.json), so the bench runs the server as it is run. */
const NODE_FLAGS: string[] = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start.match(/--[\w-]+=\S+/g) ?? [];

function build() {
  log("Building the bare pages …");
  for (const { dir } of BARES) execFileSync("npx", ["react-router", "build"], { cwd: dir, stdio: "ignore" });
  if (!fs.existsSync(path.join(APP_BUILD, "server/index.js"))) throw new Error("No app build: npm run bench:capacity builds it first.");
}

type Row = MixRun & { setup: string; writesPerSecond: number; cpuPercent: number };

const rowOf = (setup: string, writesPerSecond: number, run: MixRun): Row => ({
  ...run,
  setup,
  writesPerSecond,
  cpuPercent: (run.cpuMs * run.requests) / (SECONDS * 10),
});

async function bareRuns(): Promise<Row[]> {
  const rows: Row[] = [];
  for (const bare of BARES) {
    const server = await serve([...NODE_FLAGS, "server.js"], path.join(bare.dir, "build"));
    await runMix(`${bare.name} (warm-up)`, server, () => ({ path: "/" }), null, 0, 3);
    rows.push(rowOf(bare.name, 0, await runMix(bare.name, server, () => ({ path: "/" }), null, 0, SECONDS)));
    await stop(server);
  }
  return rows;
}

/** Where autocannon (this process, every thread) runs. */
function pinLoader(cores: string) {
  if (hasTaskset) execFileSync("taskset", ["-a", "-p", "-c", cores, String(process.pid)], { stdio: "ignore" });
}

async function main() {
  const info = dataset();
  build();
  pinLoader("1");
  const site = readSite(DB_FILE);
  const stride = Math.max(1, Math.floor(site.members.length / MEMBERS));
  const videos = (() => {
    const db = new Database(DB_FILE, { readonly: true });
    try {
      return db.prepare("SELECT video_id FROM posts ORDER BY hot DESC").pluck().all() as string[];
    } finally {
      db.close();
    }
  })();
  const pictures = await fakePictureHost();
  const rows: Row[] = [...(await bareRuns())];
  let shape: VisitShape | null = null;
  let visits = "";
  for (const [setup, workers, cores] of [
    ["one core (WORKERS=1)", "1", "0"],
    ["2-core box (WORKERS=2)", "2", "0,1"],
  ] as const) {
    copyDataset(RUN_DB);
    const thumbnails = path.join(DATA, "capacity-thumbnails");
    fs.rmSync(thumbnails, { recursive: true, force: true });
    const members = await signIn(RUN_DB, SECRET, site.members.filter((_, i) => i % stride === 0).slice(0, MEMBERS), { seenAgoMs: 2 * 60 * 60 * 1000 });
    const env = { DATABASE_PATH: RUN_DB, SEED_DEMO: "false", SESSION_SECRET: SECRET, WORKERS: workers, THUMBNAIL_BASE_URL: pictures.url, THUMBNAIL_CACHE_DIR: thumbnails };
    pinLoader(cores === "0" ? "1" : "0,1");
    const app: Server = await serve([...NODE_FLAGS, "server.js"], APP_BUILD, env, cores);
    if (!shape) {
      log("Recording visits with Chromium …");
      const [browserMember] = await signIn(RUN_DB, SECRET, [site.members[site.members.length - 1]]);
      const recorded = await recordVisits(app.url, browserMember);
      visits = visitTable(recorded);
      log(visits);
      shape = visitShape(recorded);
    }
    const reads = (seed: number) => visitMix(site, members, seed, shape!, videos);
    // Warmed as a server that has been up a while (bench/README.md, decision 0058), on URLs of its own.
    await runMix(`${setup}: warm-up`, app, reads(101), writeMix(site, members, app.url, 102), 5, 16);
    for (const writesPerSecond of [0, 5, 50]) {
      const writes = writesPerSecond ? writeMix(site, members, app.url, 200 + writesPerSecond) : null;
      const run = await runMix(`${setup}, ${writesPerSecond} writes/s`, app, reads(300 + writesPerSecond), writes, writesPerSecond, SECONDS);
      rows.push(rowOf(setup, writesPerSecond, run));
    }
    await stop(app);
  }
  await pictures.close();
  pinLoader("1");
  rows.push(...(await bareRuns()));

  const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const lines = [
    `Capacity on the large dataset (${info.posts} posts, ${info.users} users), ${new Date().toISOString().slice(0, 16)}Z, ${SECONDS} s a row, 10 connections; taskset ${hasTaskset ? "on" : "absent"}; load average at the end ${load}`,
    "",
    "| server | writes/s | req/s | p50 ms | p99 ms | CPU ms/req | CPU % of one core | errors |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.setup} | ${r.writesPerSecond || (r.setup.startsWith("bare") ? "—" : 0)} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuMs.toFixed(2)} | ${r.cpuPercent.toFixed(0)} | ${r.errors} |`),
  ];
  lines.push("", "Requests that reached the server in the recorded visits (each from an empty browser cache), the mix's shape:", "", visits);
  console.log(lines.join("\n"));
  fs.writeFileSync(path.join(DATA, "last-capacity-run.md"), `${lines.join("\n")}\n`);
}

await main();
