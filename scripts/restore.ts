// npm run restore <file>: puts a backup in place of the database at DATABASE_PATH.
// npm run restore -- --replica [--timestamp <ISO time>]: the same with the database as Litestream's
// replica holds it (deploy/litestream/litestream.yml, LITESTREAM_REPLICA_URL): its latest state, or
// as it was at that time (decision 0136).
// The server must be stopped first (it refuses while one holds the database): a running server keeps
// its connection to the old file. The current database (and its -wal) is kept aside as
// <db>.pre-restore-<time>, so a restore can itself be undone. Litestream must be stopped too: under a
// running `replicate` the restored file is a stranger to it (sync errors, then a new generation).
// Nothing but the database is left behind (Litestream's restore works in a directory of its own).
// Sessions survive only with the old box's SESSION_SECRET: said when it is missing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { counterMismatches, tableCounts } from "../db/integrity.ts";
import { databasePath, runningLitestreamPid, runningServerPid, timestamp } from "./db-file.ts";
import { LITESTREAM_CONFIG, litestreamBinary, litestreamEnv } from "./litestream.ts";

const USAGE = "Usage: npm run restore <backup file>  |  npm run restore -- --replica [--timestamp 2026-11-28T17:59:00Z]   (DATABASE_PATH names the database to replace)";
const { values, positionals } = parseArgs({ allowPositionals: true, options: { replica: { type: "boolean" }, timestamp: { type: "string" } } });
if (values.replica === Boolean(positionals[0]) || (values.timestamp && !values.replica)) {
  console.error(USAGE);
  process.exit(1);
}
const target = databasePath();
const pid = runningServerPid(target);
if (pid) {
  console.error(`A server (pid ${pid}) is serving ${target}: stop it first, then restore, then start it again.`);
  process.exit(1);
}
const replicating = runningLitestreamPid(target);
if (replicating) {
  console.error(`Litestream (pid ${replicating}) is replicating ${target}: stop it first, then restore, then start it and the server again.`);
  process.exit(1);
}

// Litestream's restore leaves its -wal and -shm files (and its temp file's) beside what it wrote: it
// writes into a directory of its own, removed at exit whatever happens.
const workDir = path.join(path.dirname(target), `.restore-${timestamp()}`);
process.on("exit", () => fs.rmSync(workDir, { recursive: true, force: true }));

/** The replica's database (latest, or at `at`) in a new file in workDir. */
function fromReplica(at: string | undefined): string {
  if (at && Number.isNaN(Date.parse(at))) {
    console.error(`--timestamp: not a time: ${at} (ISO 8601, e.g. 2026-11-28T17:59:00Z)`);
    process.exit(1);
  }
  const out = path.join(workDir, path.basename(target));
  fs.mkdirSync(workDir, { recursive: true });
  const args = ["restore", "-config", LITESTREAM_CONFIG, "-o", out, ...(at ? ["-timestamp", new Date(at).toISOString()] : []), target];
  try {
    execFileSync(litestreamBinary(), args, { stdio: ["ignore", "inherit", "inherit"], env: litestreamEnv({ ...process.env, DATABASE_PATH: target, LITESTREAM_METRICS_ADDR: "off" }) });
  } catch {
    console.error(`Litestream could not restore ${target} from its replica (${LITESTREAM_CONFIG}).`);
    process.exit(1);
  }
  return out;
}

const file = values.replica ? fromReplica(values.timestamp) : positionals[0];
if (!fs.existsSync(file)) {
  console.error(`No backup at ${file}.`);
  process.exit(1);
}

// Only a sound Chortle database is put in place. Litestream's file is ours: opened to write, so
// anything in its -wal is folded in before it moves alone.
const backup = new Database(file, { readonly: !values.replica, fileMustExist: true });
try {
  if (values.replica) backup.pragma("wal_checkpoint(TRUNCATE)");
  const check = backup.pragma("integrity_check", { simple: true });
  if (check !== "ok") throw new Error(`integrity check: ${String(check)}`);
  const migrated = backup.prepare("SELECT count(*) FROM sqlite_master WHERE name = '__drizzle_migrations'").pluck().get();
  if (!migrated) throw new Error("not a Chortle database (no migrations table)");
  const wrong = counterMismatches(backup);
  if (wrong.length) console.warn(`Warning: ${wrong.length} counters differ from their rows in the backup, e.g. ${wrong[0]}`);
} catch (error) {
  console.error(`Refusing ${file}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
} finally {
  backup.close();
}

fs.mkdirSync(path.dirname(target), { recursive: true });
const incoming = `${target}.restoring`;
// A file Litestream just wrote is ours to move; a backup file is copied (it stays a backup).
if (values.replica) fs.renameSync(file, incoming);
else fs.copyFileSync(file, incoming);
if (fs.existsSync(target)) {
  const aside = `${target}.pre-restore-${timestamp()}`;
  fs.renameSync(target, aside);
  // The old -wal belongs to the old file: it goes with it (or it would be replayed into the backup).
  if (fs.existsSync(`${target}-wal`)) fs.renameSync(`${target}-wal`, `${aside}-wal`);
  console.log(`The database that was there is kept as ${aside}.`);
}
fs.rmSync(`${target}-shm`, { force: true });
fs.renameSync(incoming, target);

const restored = new Database(target);
restored.pragma("journal_mode = WAL");
const counts = tableCounts(restored);
restored.close();
console.log(`Restored ${values.replica ? `the replica${values.timestamp ? ` as of ${values.timestamp}` : ""}` : file} to ${target}.`);
console.log(`Rows: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(", ")}`);
// The cookies members hold were signed with the old box's secret (SESSION_SECRET, or the generated
// one in session-secret beside its database, which no backup or replica carries).
if (!process.env.SESSION_SECRET && !fs.existsSync(path.join(path.dirname(target), "session-secret"))) {
  console.warn("SESSION_SECRET is not set and there is no session-secret file here: set SESSION_SECRET to the old box's value before starting the server, or every member is signed out.");
}
