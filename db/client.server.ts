import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate as drizzleMigrate } from "drizzle-orm/better-sqlite3/migrator";
import { hotScore } from "./hot.ts";
import * as schema from "./schema.ts";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

/** Opens (creating if needed) a SQLite file tuned for a small web server. */
export function openDatabase(file: string): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("cache_size = -32000");
  sqlite.pragma("temp_store = MEMORY");
  // The hot rank lives in one place (db/hot.ts) and SQL updates call it by name.
  sqlite.function("hot_score", { deterministic: true }, (up, down, created) =>
    hotScore(Number(up), Number(down), Number(created)),
  );
  return drizzle({ client: sqlite, schema }) as Db;
}

export function migrate(db: Db) {
  drizzleMigrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

let instance: Db | undefined;

/** The process-wide connection, at DATABASE_PATH (default data/app.db). */
export function getDb(): Db {
  instance ??= openDatabase(process.env.DATABASE_PATH ?? "data/app.db");
  return instance;
}

export function closeDb() {
  instance?.$client.close();
  instance = undefined;
}
