// npm run backup [file]: an online, consistent copy of the live database while the site serves.
// SQLite's backup API copies every page inside one read transaction (WAL: writers go on), so the
// copy is the database as of one instant, counters and rows together. Written to a temp name and
// renamed when complete and checked, so a half-written file is never taken for a backup.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { counterTotals, tableCounts } from "../db/integrity.ts";
import { databasePath, timestamp } from "./db-file.ts";

const source = databasePath();
const target = path.resolve(process.argv[2] ?? path.join(path.dirname(source), "backups", `${path.basename(source, ".db")}-${timestamp()}.db`));

if (!fs.existsSync(source)) {
  console.error(`No database at ${source} (set DATABASE_PATH).`);
  process.exit(1);
}
if (fs.existsSync(target)) {
  console.error(`${target} already exists: choose another file name.`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(target), { recursive: true });

const partial = `${target}.partial`;
fs.rmSync(partial, { force: true });
const db = new Database(source, { fileMustExist: true });
db.pragma("busy_timeout = 5000");
const started = performance.now();
try {
  // All pages in one step: one read transaction, so writes from the server never restart the copy.
  await db.backup(partial, { progress: () => 0x7fffffff });
} finally {
  db.close();
}

const copy = new Database(partial);
const check = copy.pragma("quick_check", { simple: true });
if (check !== "ok") {
  copy.close();
  console.error(`The copy failed its check (${String(check)}); nothing kept.`);
  fs.rmSync(partial, { force: true });
  process.exit(1);
}
// A self-contained file: no -wal beside it.
copy.pragma("journal_mode = DELETE");
const counts = tableCounts(copy);
const counters = counterTotals(copy);
copy.close();
fs.renameSync(partial, target);

const ms = Math.round(performance.now() - started);
console.log(`Backup written to ${target} (${fs.statSync(target).size} bytes, ${ms} ms).`);
console.log(`Rows: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(", ")}`);
console.log(`Counters: ${Object.entries(counters).map(([t, n]) => `${t} ${n}`).join(", ")}`);
