import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

// Times are stored as integer milliseconds since the epoch and read as Date.
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
