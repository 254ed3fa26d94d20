// What each React Router edit (patches/README.md, decision 0082) still saves:
// `node --import tsx bench/react-router-edits.ts all=build-a none=build-b minus-1=build-c …`
// Every build given (label=dir, the first is the reference) is loaded in this one process, each with
// its own bundled React Router and app, on a copy of the large dataset (bench/.data/large.db) with
// MEMO=off, and asked the same distinct URLs of each page kind as a visitor, in turn, the build that
// goes first rotating with each URL: the VM's drift falls on all alike. Prints the CPU ms of a
// request per build and kind, and its ratio to the first build. Builds that differ in one edit are
// made by building with that edit's guards set to false (bench/README.md). Several builds in one
// process are slower than one alone: the ratios are the measure, not the milliseconds.
// The bare React Router page (bench/bare, built when missing) is asked in turn too.
// BENCH_URLS (200) URLs per kind and build, BENCH_ROUNDS (2), BENCH_KINDS (post,home,category,profile).
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Kind } from "./mix.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const DATA = path.join(ROOT, "bench/.data");
const DB_FILE = path.join(DATA, "large.db");
const RUN_DB = path.join(DATA, "edits.db");
const URLS = Number(process.env.BENCH_URLS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const KINDS = (process.env.BENCH_KINDS ?? "post,home,category,profile").split(",") as Kind[];

const builds = process.argv.slice(2).map((arg) => {
  const [label, dir] = arg.split("=");
  return { label, dir: path.resolve(ROOT, dir) };
});
if (builds.length === 0) throw new Error("usage: bench/react-router-edits.ts label=buildDir …");
if (!fs.existsSync(DB_FILE)) throw new Error("no bench/.data/large.db: npm run db:generate-large");

for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${RUN_DB}${suffix}`, { force: true });
fs.copyFileSync(DB_FILE, RUN_DB);
Object.assign(process.env, {
  DATABASE_PATH: RUN_DB,
  MEMO: "off",
  SEED_DEMO: "false",
  RATE_LIMIT: "off",
  NODE_ENV: "production",
  SESSION_SECRET: crypto.randomBytes(24).toString("hex"),
});
// After NODE_ENV: mix.ts loads React (through serve.ts), which picks its build by NODE_ENV once.
const { kindRequests, readSite } = await import("./mix.ts");

type Handler = (request: Request, context?: unknown) => Promise<Response>;
async function handlerOf(dir: string): Promise<Handler> {
  const build = await import(pathToFileURL(path.join(dir, "server/index.js")).href);
  const create = build.entry.module.createRequestHandler ?? (await import("react-router")).createRequestHandler;
  return create(build, "production") as Handler;
}
const context = { clientIp: "127.0.0.1", cspNonce: "bench" };
let lastBody: ArrayBuffer = new ArrayBuffer(0);
async function cpuMs(handler: Handler, url: string): Promise<number> {
  const start = process.cpuUsage();
  const res = await handler(new Request(`http://localhost${url}`, { headers: { accept: "text/html", "accept-encoding": "identity" } }), context);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  lastBody = await res.arrayBuffer();
  const cpu = process.cpuUsage(start);
  return (cpu.user + cpu.system) / 1000;
}
const sameBytes = (a: ArrayBuffer, b: ArrayBuffer) => a.byteLength === b.byteLength && Buffer.from(a).equals(Buffer.from(b));

const bareDir = path.join(ROOT, "bench/bare/build");
if (!fs.existsSync(bareDir)) execFileSync("npx", ["react-router", "build"], { cwd: path.join(ROOT, "bench/bare"), stdio: "ignore" });
const handlers = await Promise.all(builds.map((b) => handlerOf(b.dir)));
const bare = await handlerOf(bareDir);
const site = readSite(DB_FILE);

// Warm-up: every build (JIT, the edits' tables, SQLite's cache) on URLs of their own.
for (const kind of KINDS) {
  const next = kindRequests(site, kind, null, 99);
  for (let i = 0; i < 40; i++) {
    const url = next(i).path;
    for (const h of handlers) await cpuMs(h, url);
  }
}
for (let i = 0; i < 40; i++) await cpuMs(bare, "/");

// ms[build][kind] summed over rounds; bare beside every URL.
const sums = builds.map(() => Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>);
const differ: string[][] = builds.map(() => []);
let bareSum = 0;
let bareCount = 0;
const started = new Date();
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of KINDS) {
    const next = kindRequests(site, kind, null, 7 + round);
    for (let i = 0; i < URLS; i++) {
      const url = next(i).path;
      const bodies: ArrayBuffer[] = [];
      for (let j = 0; j < builds.length; j++) {
        const b = (i + j + round) % builds.length;
        sums[b][kind] += await cpuMs(handlers[b], url);
        bodies[b] = lastBody;
      }
      // Every build must write the same page (a relative date could tick between two: rare).
      bodies.forEach((body, b) => {
        if (!sameBytes(body, bodies[0])) differ[b].push(url);
      });
      if (i % 4 === 0) {
        bareSum += await cpuMs(bare, "/");
        bareCount++;
      }
    }
  }
}

const n = URLS * ROUNDS;
const bareMs = bareSum / bareCount;
const f = (x: number) => x.toFixed(2);
const lines = [
  `React Router edits in process, CPU ms per uncached page (visitor, MEMO=off, ${n} distinct URLs per kind and build, ${builds.length} builds in turn), ${started.toISOString().slice(0, 16)}Z, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`,
  "",
  `| build | ${KINDS.map((k) => `${k} ms`).join(" | ")} | ${KINDS.map((k) => `${k} vs ${builds[0].label}`).join(" | ")} |`,
  `| --- |${KINDS.map(() => " ---: |").join("")}${KINDS.map(() => " ---: |").join("")}`,
  ...builds.map(
    (b, i) =>
      `| ${b.label} | ${KINDS.map((k) => f(sums[i][k] / n)).join(" | ")} | ${KINDS.map((k) => `${(sums[i][k] / sums[0][k]).toFixed(3)}×`).join(" | ")} |`,
  ),
  "",
  `Pages byte for byte the same as ${builds[0].label}'s: ${builds.map((b, i) => `${b.label} ${n * KINDS.length - differ[i].length}/${n * KINDS.length}${differ[i].length ? ` (differ: ${differ[i].slice(0, 3).join(" ")})` : ""}`).join(", ")}.`,
  `Bare React Router page (bench/bare, its development build, GET /) beside them: ${f(bareMs)} ms; ${builds[0].label} per kind ÷ bare: ${KINDS.map((k) => `${k} ${f(sums[0][k] / n / bareMs)}`).join(", ")}.`,
];
console.log(lines.join("\n"));
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${RUN_DB}${suffix}`, { force: true });
process.exit(0);
