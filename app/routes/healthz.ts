import { pingDatabase } from "~/models/health.server.ts";

// For self-hosters' monitors: 200 when the database answers.
export function loader() {
  try {
    pingDatabase();
    return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz:", error);
    return new Response("database unavailable", { status: 503, headers: { "Content-Type": "text/plain" } });
  }
}
