import { sql } from "drizzle-orm";
import { databaseFileSizes, getDb } from "#db/client.server.ts";

/** Throws when the database does not answer; else the sizes of its file and of its -wal. */
export function checkDatabase(): { databaseBytes: number; walBytes: number } {
  getDb().get(sql`SELECT 1`);
  return databaseFileSizes();
}
