import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";

// For self-hosters' monitors: 200 when the database answers.
export function loader() {
  try {
    getDb().get(sql`SELECT 1`);
    return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz:", error);
    return new Response("database unavailable", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
}
