// `npm run bench:cache`: visitors' throughput with and without the shared cache in front (nginx with
// deploy/nginx/chortle.conf, started as tests/support/nginx.ts starts it), in one run, on a copy of
// the large dataset. The app is pinned to core 0 (taskset); autocannon and nginx share core 1.
// Rows: the visitors' part of the realistic mix (bench/mix.ts: a Zipf long tail over 100k posts,
// the home page's variants, categories, profiles, search, the JSON API; no member signed in), and
// the hot pages alone (the home variants and the 50 hottest posts), each without and with 5 writes
// a second by members beside them (through the same door). Each pair runs direct, then through the
// proxy, then direct again: the two direct rows bound the machine's drift. CPU is the app's and
// nginx's per request, from /proc.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startNginx } from "../tests/support/nginx.ts";
import { copyDataset, DATA, dataset, DB_FILE } from "./dataset.ts";
import { random, readMix, readSite, runMix, writeMix, type MixRun } from "./mix.ts";
import { hasTaskset, log, ROOT, serve, signIn, stop, treeCpuMs } from "./serve.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUN_DB = path.join(DATA, "cache.db");
const SECRET = crypto.randomBytes(24).toString("hex");
const BUILD = path.join(ROOT, "build");

if (!fs.existsSync(path.join(BUILD, "server/index.js"))) throw new Error("No build: npm run bench:cache builds first.");
const info = dataset();
copyDataset(RUN_DB);
const site = readSite(DB_FILE);
const members = await signIn(RUN_DB, SECRET, site.members.slice(0, 200));
const app = await serve(["server.js"], BUILD, { DATABASE_PATH: RUN_DB, SEED_DEMO: "false", SESSION_SECRET: SECRET });
const appPort = new URL(app.url).port;
const proxy = await startNginx(`127.0.0.1:${appPort}`);
log(`${info.posts} posts, ${info.users} users; app pid ${app.child.pid} ${hasTaskset ? "on core 0" : "(no taskset)"}, nginx ${proxy.url}`);

const rand = random(7);
const hotPaths = ["/", "/?sort=new", "/?sort=top&t=week", "/?sort=top&t=month", "/?sort=top&t=all", "/?page=2", ...site.posts.slice(0, 50).map((id) => `/post/${id}`)];
const readSets = {
  "visitors' mix": () => readMix(site, [], 11),
  "hot pages": () => () => ({ path: hotPaths[Math.floor(rand() * hotPaths.length)] }),
};

type Row = MixRun & { via: string; nginxMs: number };
const rows: Row[] = [];
// Warm the app (JIT, memos) on the mix first.
await runMix("warm-up", app, readMix(site, [], 3), null, 0, 6);
for (const [setName, reads] of Object.entries(readSets)) {
  for (const writesPerSecond of [0, 5]) {
    for (const via of ["direct", "nginx", "direct"]) {
      const url = via === "nginx" ? proxy.url : app.url;
      const writes = writesPerSecond ? writeMix(site, members, url, 5) : null;
      const nginxBefore = treeCpuMs(proxy.pid);
      const run = await runMix(`${setName}, ${writesPerSecond} w/s, ${via}`, { url, child: app.child }, reads(), writes, writesPerSecond, SECONDS);
      rows.push({ ...run, via, nginxMs: (treeCpuMs(proxy.pid) - nginxBefore) / Math.max(1, run.requests) });
    }
  }
}
await proxy.stop();
await stop(app);

const lines = [
  `Visitors with and without nginx's shared cache (${new Date().toISOString().slice(0, 16)}Z, ${SECONDS} s a row, 10 connections; app on one core)`,
  "",
  "| reads | writes/s | via | req/s | p50 ms | p99 ms | app CPU ms/req | nginx CPU ms/req | errors |",
  "|---|---:|---|---:|---:|---:|---:|---:|---:|",
  ...rows.map((r) => {
    const [set, writes] = r.name.split(", ");
    return `| ${set} | ${writes.replace(" w/s", "")} | ${r.via} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.cpuMs.toFixed(2)} | ${r.via === "nginx" ? r.nginxMs.toFixed(2) : "—"} | ${r.errors} |`;
  }),
];
console.log(lines.join("\n"));
fs.writeFileSync(path.join(DATA, "last-cache-run.md"), `${lines.join("\n")}\n`);
