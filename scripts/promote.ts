// npm run promote [-- --watch] [-- --no-start]: the warm standby takes over from a primary that died
// (docs/operations.md, "Warm standby"; decision 0260). On the standby box, with the primary's build,
// its SESSION_SECRET and its replica (LITESTREAM_REPLICA_URL):
//  1. refuses while the primary (PRIMARY_URL) still answers its /healthz, with any status: a box that
//     answers may still write, and two writers would fork the database;
//  2. waits PROMOTE_SETTLE_MS (2 s: Litestream's sync-interval and a margin, for what the primary's
//     Litestream still ships when only its app died), then restores the replica's latest state to
//     DATABASE_PATH (scripts/restore.ts: checked, the old file kept aside);
//  3. starts Litestream replicating this database (PROMOTED_REPLICA_URL, else the same replica URL:
//     Litestream then starts a new generation there, the primary's stays as it was), then the server
//     (`npm start`), each on its own, so neither dies with this command or with the other;
//  4. says what it did, and exits once the server answers its own /healthz.
// --watch waits for the primary to stop answering (PROMOTE_FAILURES checks in a row, one every
// PROMOTE_POLL_MS) and then promotes; --no-start restores only (under systemd, start the units).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { databasePath, runningServerPid } from "./db-file.ts";
import { LITESTREAM_CONFIG, litestreamBinary } from "./litestream.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const USAGE = "Usage: PRIMARY_URL=http://primary:3000 LITESTREAM_REPLICA_URL=… npm run promote [-- --watch] [-- --no-start]";
const { values } = parseArgs({ options: { watch: { type: "boolean" }, "no-start": { type: "boolean" } } });
const primary = process.env.PRIMARY_URL?.replace(/\/+$/, "");
const replica = process.env.LITESTREAM_REPLICA_URL;
if (!primary || !replica) {
  console.error(`${USAGE}\nPRIMARY_URL (the primary's own address, not the edge's) and LITESTREAM_REPLICA_URL are needed.`);
  process.exit(1);
}
const target = databasePath();
const promotedReplica = process.env.PROMOTED_REPLICA_URL || replica;
// Longer than a restart of the primary's app by its unit (Restart=always, a few seconds): a crash
// the primary's box heals itself must not make a second writer.
const pollMs = Number(process.env.PROMOTE_POLL_MS ?? 1_000);
const failuresNeeded = Number(process.env.PROMOTE_FAILURES ?? 10);
/** How long one health check waits: a box that does not answer within it is not answering. */
const CHECK_TIMEOUT_MS = 1_000;

const say = (message: string) => console.log(`promote: ${message}`);
const fail = (message: string): never => {
  console.error(`promote: ${message}`);
  process.exit(1);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The primary's answer to /healthz (any HTTP status counts as an answer), or null when none came. */
async function primaryAnswer(): Promise<number | null> {
  try {
    const res = await fetch(`${primary}/healthz`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), redirect: "manual" });
    await res.body?.cancel();
    return res.status;
  } catch {
    return null;
  }
}

if (runningServerPid(target)) fail(`a server (pid ${runningServerPid(target)}) already serves ${target} on this box: this box is a primary, not a standby.`);
// Signed cookies and links are signed with it: a standby with another secret signs everyone out.
if (!process.env.SESSION_SECRET && !fs.existsSync(path.join(path.dirname(target), "session-secret"))) {
  fail("SESSION_SECRET is not set (and there is no session-secret file beside the database): set it to the primary's, or every member is signed out.");
}

if (values.watch) {
  say(`watching ${primary}/healthz every ${pollMs} ms; promoting after ${failuresNeeded} checks in a row without an answer.`);
  let misses = 0;
  while (misses < failuresNeeded) {
    misses = (await primaryAnswer()) === null ? misses + 1 : 0;
    if (misses < failuresNeeded) await sleep(pollMs);
  }
}
const answer = await primaryAnswer();
if (answer !== null) fail(`the primary at ${primary} still answers (/healthz: HTTP ${answer}). Refusing: two servers must never write. Stop it, or its box, first.`);
const gapFrom = new Date();
say(`the primary at ${primary} does not answer (${gapFrom.toISOString()}).`);
// When only the primary's app died, its Litestream goes on shipping the last writes for up to its
// sync-interval (1 s): they are waited for, or the restore would miss them.
const settleMs = Number(process.env.PROMOTE_SETTLE_MS ?? 2_000);
if (settleMs > 0) {
  say(`waiting ${settleMs} ms for the last writes the primary's Litestream still ships.`);
  await sleep(settleMs);
}

const restored = spawnSync(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/restore.ts"), "--replica"], { cwd: ROOT, env: { ...process.env, DATABASE_PATH: target }, stdio: "inherit" });
if (restored.status !== 0) fail(`the restore from ${replica} failed (above): nothing was started.`);
// Litestream's own state for the file that was there (its generation, shadow WAL): not this file's.
fs.rmSync(`${target}-litestream`, { recursive: true, force: true });
say(`restored the replica's latest state (${replica}) to ${target}.`);

if (values["no-start"]) {
  say("--no-start: start Litestream (replicate) and the server now, e.g. `systemctl start chortle-litestream chortle`.");
  process.exit(0);
}

/** A process of its own (its own group: neither ends with this command), its output in `log`. */
function startDetached(command: string, args: string[], env: NodeJS.ProcessEnv, log: string): number {
  const out = fs.openSync(log, "a");
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", out, out] });
  fs.closeSync(out);
  child.unref();
  return child.pid!;
}

const logDir = process.env.PROMOTE_LOG_DIR ?? path.dirname(target);
const litestreamLog = path.join(logDir, "litestream.log");
const serverLog = path.join(logDir, "server.log");
const litestreamPid = startDetached(litestreamBinary(), ["replicate", "-config", LITESTREAM_CONFIG], { ...process.env, DATABASE_PATH: target, LITESTREAM_REPLICA_URL: promotedReplica }, litestreamLog);
fs.writeFileSync(`${target}.litestream-pid`, `${litestreamPid}\n`);
say(`Litestream (pid ${litestreamPid}) replicates ${target} to ${promotedReplica}${promotedReplica === replica ? " as a new generation" : ""}; its log: ${litestreamLog}.`);

const startFlags: string[] = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start.match(/--[\w-]+=\S+/g) ?? [];
const serverPid = startDetached(process.execPath, [...startFlags, path.join(ROOT, "scripts/start.mjs")], { ...process.env, DATABASE_PATH: target }, serverLog);
const port = Number(process.env.PORT ?? 3000);
const host = !process.env.HOST || process.env.HOST === "0.0.0.0" ? "127.0.0.1" : process.env.HOST;
const own = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
const deadline = Date.now() + Number(process.env.PROMOTE_START_TIMEOUT_MS ?? 120_000);
for (;;) {
  const res = await fetch(`${own}/healthz`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }).catch(() => null);
  if (res?.ok) break;
  await res?.body?.cancel();
  let alive = true;
  try {
    process.kill(serverPid, 0);
  } catch {
    alive = false;
  }
  if (!alive || Date.now() > deadline) fail(`the server (pid ${serverPid}) did not come up on ${own}: see ${serverLog}. Litestream (pid ${litestreamPid}) still runs.`);
  await sleep(100);
}
say(`the server (pid ${serverPid}) answers on ${own}, ${((Date.now() - gapFrom.getTime()) / 1000).toFixed(1)} s after the primary was found down; its log: ${serverLog}.`);
say("this box is the primary now. Do not start the old one again as it was: make it the standby (its database is behind this one).");
