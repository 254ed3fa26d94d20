import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate as drizzleMigrate } from "drizzle-orm/better-sqlite3/migrator";
import { hotScore } from "./hot.ts";
import { foldText, holdsMutedSql, postWords } from "./words.ts";
import * as schema from "./schema.ts";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * How far an acknowledged write survives: "normal" (synchronous = NORMAL in WAL mode) keeps it across
 * a crash of the process, not across a power loss or an OS crash, which can lose the last commits;
 * "full" fsyncs the WAL on every commit and keeps them across both, at the cost of that fsync.
 */
export type Durability = "normal" | "full";

/**
 * Gives a connection the SQL functions the schema's triggers and the app's statements call: every
 * connection that writes posts needs them (openDatabase gives them; a test's second connection too).
 */
export function withSqlFunctions(sqlite: Database.Database): Database.Database {
  // The hot rank lives in one place (db/hot.ts) and SQL updates call it by name.
  sqlite.function("hot_score", { deterministic: true }, (up, down, created) =>
    hotScore(Number(up), Number(down), Number(created)),
  );
  // The one fold of words (db/words.ts): the search triggers fill the word index and post_words with
  // it, and the lists test a post's words against the viewer's mutes with it (decision 0160).
  sqlite.function("fold_text", { deterministic: true }, (text) => foldText(String(text ?? "")));
  sqlite.function("post_words", { deterministic: true }, (title, comment, author, video) => postWords(title, comment, author, video));
  sqlite.function("holds_muted_word", { deterministic: true }, holdsMutedSql);
  return sqlite;
}

/** Opens (creating if needed) a SQLite file tuned for a small web server. */
export function openDatabase(file: string, { durability = "normal" }: { durability?: Durability } = {}): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma(durability === "full" ? "synchronous = FULL" : "synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // SQLite's own page cache, 16 MB: what it misses the OS's file cache serves for a read (decision 0052).
  sqlite.pragma("cache_size = -16000");
  sqlite.pragma("temp_store = MEMORY");
  // After a checkpoint the -wal file is cut back to this size instead of keeping its high-water mark.
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  withSqlFunctions(sqlite);
  return drizzle({ client: sqlite, schema }) as Db;
}

export function migrate(db: Db) {
  drizzleMigrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

let instance: Db | undefined;

/** The process-wide connection, at DATABASE_PATH (default data/app.db). */
export function getDb(): Db {
  instance ??= openDatabase(process.env.DATABASE_PATH ?? "data/app.db", {
    durability: process.env.DURABILITY === "full" ? "full" : "normal",
  });
  return instance;
}

/**
 * Copies the WAL back into the database. PASSIVE (the periodic one) never waits for anyone;
 * TRUNCATE (at shutdown) waits for readers and writers, then empties the -wal file.
 */
export function checkpointWal(mode: "PASSIVE" | "TRUNCATE" = "PASSIVE") {
  return getDb().$client.pragma(`wal_checkpoint(${mode})`, { simple: false }) as { busy: number; log: number; checkpointed: number }[];
}

/** Refreshes the planner's statistics where they went stale (cheap; at start and hourly). */
export function optimizeDatabase() {
  getDb().$client.pragma("optimize");
}

/** Sizes of the database file and its -wal, in bytes (0 when absent). */
export function databaseFileSizes(): { databaseBytes: number; walBytes: number } {
  const file = getDb().$client.name;
  const size = (f: string) => {
    try {
      return fs.statSync(f).size;
    } catch {
      return 0;
    }
  };
  return { databaseBytes: size(file), walBytes: size(`${file}-wal`) };
}

/** Checkpoints the WAL into the database and closes the connection (graceful shutdown). */
export function closeDb() {
  if (!instance) return;
  try {
    checkpointWal("TRUNCATE");
  } catch (error) {
    console.error("WAL checkpoint at close failed:", error);
  }
  instance.$client.close();
  instance = undefined;
}
