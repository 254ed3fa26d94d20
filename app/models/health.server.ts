import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";

/** Throws when the database does not answer. */
export function pingDatabase(): void {
  getDb().get(sql`SELECT 1`);
}
