// npm run restore <file>: puts a backup in place of the database at DATABASE_PATH.
// The server must be stopped first (it refuses while one holds the database): a running server keeps
// its connection to the old file. The current database (and its -wal) is kept aside as
// <db>.pre-restore-<time>, so a restore can itself be undone.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { counterMismatches, tableCounts } from "../db/integrity.ts";
import { databasePath, runningServerPid, timestamp } from "./db-file.ts";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore <backup file>   (DATABASE_PATH names the database to replace)");
  process.exit(1);
}
if (!fs.existsSync(file)) {
  console.error(`No backup at ${file}.`);
  process.exit(1);
}
const target = databasePath();
const pid = runningServerPid(target);
if (pid) {
  console.error(`A server (pid ${pid}) is serving ${target}: stop it first, then restore, then start it again.`);
  process.exit(1);
}

// Only a sound Chortle database is put in place.
const backup = new Database(file, { readonly: true, fileMustExist: true });
try {
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
fs.copyFileSync(file, incoming);
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
console.log(`Restored ${file} to ${target}.`);
console.log(`Rows: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(", ")}`);
