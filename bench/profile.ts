// Where an uncached page's CPU goes: `npm run bench:profile -- [kind …] [--memo] [--signed-in]`.
// Serves the bench build (`npm run bench` makes build-bench/) on a copy of the large dataset with
// MEMO=off (or as served, with --memo) under V8's CPU profiler, asks N distinct URLs of each kind
// (bench/mix.ts), then prints the self time by package / file and the heaviest functions.
// Kinds: post, profile, home, category, search, api, mix (the read mix). PROFILE_REQUESTS (300);
// PROFILE_KEEP=1 keeps the .cpuprofile (open it in Chrome's DevTools) and prints its path.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { kindRequests, readMix, readSite, type Kind } from "./mix.ts";
import { BROWSER_ACCEPT_ENCODING, log, ROOT, serve, signIn, stop } from "./serve.ts";

const DATA = path.join(ROOT, "bench/.data");
const DB_FILE = path.join(DATA, "large.db");
const RUN_DB = path.join(DATA, "profile.db");
const BUILD = path.join(ROOT, process.env.BUILD_DIR ?? "build-bench");
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 300);
const SECRET = crypto.randomBytes(24).toString("hex");
const args = process.argv.slice(2);
const kinds = args.filter((a) => !a.startsWith("--")) as (Kind | "mix")[];
if (kinds.length === 0) kinds.push("post", "profile", "home", "category", "search");
const memo = args.includes("--memo");
const signedIn = args.includes("--signed-in");

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function bucket(url: string): string {
  if (!url) return "(native / GC / idle)";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith("node:")) return url;
  return path.relative(ROOT, url.replace("file://", ""));
}

function summarize(file: string, requests: number) {
  const p = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  const byBucket = new Map<string, number>();
  const byFn = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    if (n.callFrame.functionName === "(idle)" || n.callFrame.functionName === "(program)") continue;
    busy += us;
    const b = n.callFrame.url ? bucket(n.callFrame.url) : n.callFrame.functionName;
    byBucket.set(b, (byBucket.get(b) ?? 0) + us);
    const f = `${n.callFrame.functionName || "(anonymous)"} ${bucket(n.callFrame.url)}:${n.callFrame.lineNumber}`;
    byFn.set(f, (byFn.get(f) ?? 0) + us);
  }
  const ms = (us: number) => `${(us / 1000 / requests).toFixed(2)} ms/req`;
  console.log(`busy ${ms(busy)} over ${requests} requests`);
  for (const [b, us] of [...byBucket].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${ms(us)}  ${b}`);
  console.log("  heaviest functions:");
  for (const [f, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${f}`);
}

async function main() {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${RUN_DB}${suffix}`, { force: true });
  fs.copyFileSync(DB_FILE, RUN_DB);
  const site = readSite(DB_FILE);
  const cookies = await signIn(RUN_DB, SECRET, site.members.filter((_, i) => i % 40 === 0).slice(0, 300));
  for (const kind of kinds) {
    const dir = fs.mkdtempSync(path.join(DATA, "prof-"));
    const server = await serve(["--cpu-prof", `--cpu-prof-dir=${dir}`, "server.js"], BUILD, {
      DATABASE_PATH: RUN_DB,
      SEED_DEMO: "false",
      SESSION_SECRET: SECRET,
      ...(memo ? {} : { MEMO: "off" }),
    });
    const next = kind === "mix" ? readMix(site, cookies, 7) : kindRequests(site, kind, signedIn ? cookies : null, 7);
    // Warm-up (JIT), then the profiled requests; the start is in the profile too, but small beside them.
    for (let i = 0; i < REQUESTS + 50; i++) {
      const r = next(i);
      const res = await fetch(`${server.url}${r.path}`, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, accept: "text/html", ...(r.cookie ? { cookie: r.cookie } : {}) } });
      await res.arrayBuffer();
      if (res.status >= 400) log(`${res.status} ${r.path}`);
    }
    await stop(server);
    const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"))!;
    console.log(`\n## ${kind}${signedIn ? ", signed in" : ""}${memo ? " (memo on)" : " (MEMO=off)"}`);
    summarize(path.join(dir, file), REQUESTS + 50);
    if (process.env.PROFILE_KEEP) console.log(`profile kept: ${path.join(dir, file)}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
