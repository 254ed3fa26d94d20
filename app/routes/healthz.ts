import { checkDatabase } from "~/models/health.server.ts";
import { resource } from "~/http/contract.server.ts";

// For self-hosters' monitors: 200 {status:'ok', databaseBytes, walBytes, pid} when the database
// answers (the -wal size shows that checkpoints keep it bounded), else 503.
export const loader = resource({ who: "anyone", sessionless: true }, () => {
  try {
    const sizes = checkDatabase();
    return Response.json({ status: "ok", ...sizes, pid: process.pid }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz:", error);
    return Response.json({ status: "unavailable", message: "database unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
});
