import { databaseFileSizes } from "#db/client.server.ts";
import { prepared } from "./db.server.ts";

const ping = prepared((db) => db.$client.prepare("SELECT 1").pluck());

/** Throws when the database does not answer; else the sizes of its file and of its -wal. */
export function checkDatabase(): { databaseBytes: number; walBytes: number } {
  ping().get();
  return databaseFileSizes();
}
