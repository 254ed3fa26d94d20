import { closeDb } from "#db/client.server.ts";
import { startMailSender, stopMailSender } from "./mail-sender.server.ts";
import { startMaintenance, stopMaintenance } from "./maintenance.server.ts";
import { runStartupTasks } from "./startup.server.ts";

// The server process's start and end, as the server build is loaded (app/entry.server.tsx) and once
// its last request is answered (server.js calls the build's `shutdown`).

/** Migrates, ensures the admin account and seeds once, then starts the upkeep and the mail sender. */
export function startProcess() {
  runStartupTasks();
  startMaintenance();
  startMailSender();
}

/** Stops the upkeep, lets the mail sender finish what it is sending, closes the database. */
export async function stopProcess() {
  stopMaintenance();
  await stopMailSender();
  closeDb();
}
