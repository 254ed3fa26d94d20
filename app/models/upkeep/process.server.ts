import { closeDb } from "#db/client.server.ts";
import { startMailSender, stopMailSender } from "./mail-sender.server.ts";
import { startMaintenance, stopMaintenance } from "./maintenance.server.ts";
import { runStartupTasks } from "./startup.server.ts";
import { startYouTubeRefresher, stopYouTubeRefresher } from "./youtube-refresher.server.ts";
import { setSiteQuota } from "../../integrations/youtube/client.server.ts";
import { quotaSpender } from "../youtube-quota.server.ts";

// The server process's start and end, as the server build is loaded (app/entry.server.tsx) and once
// its last request is answered (server.js calls the build's `shutdown`).

/** Migrates, ensures the admin account and seeds once, then starts the upkeep, the mail sender and the YouTube refresh job. */
export function startProcess() {
  runStartupTasks();
  startMaintenance();
  startMailSender();
  // Every Data API request of this process spends the site's daily ledger (decision 0196).
  setSiteQuota(quotaSpender());
  startYouTubeRefresher();
}

/** Stops the upkeep, lets the mail sender finish what it is sending, closes the database. */
export async function stopProcess() {
  stopMaintenance();
  await stopMailSender();
  await stopYouTubeRefresher();
  closeDb();
}
