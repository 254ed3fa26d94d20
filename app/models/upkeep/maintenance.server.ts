// Housekeeping of one server process: expired sessions swept, ended suspensions logged, the WAL kept bounded, the query
// planner's statistics kept fresh. Runs at start and then on an unref'd timer (it never keeps a
// process alive). Every worker runs it: each task is idempotent and cheap.
import { checkpointWal, optimizeDatabase } from "#db/client.server.ts";
import { sweepExpiredSessions } from "~/models/session.server.ts";
import { sweepOldPrints } from "~/models/spam/hold.server.ts";
import { logEndedSuspensions } from "~/models/moderation/suspension.server.ts";

const EVERY_MS = Number(process.env.MAINTENANCE_INTERVAL_MS ?? 60_000);
// PRAGMA optimize is for long-lived connections "every few hours"; once an hour is plenty.
const OPTIMIZE_EVERY = Math.max(1, Math.round(3_600_000 / EVERY_MS));

let timer: NodeJS.Timeout | undefined;
let ticks = 0;

function runOnce(label: string, task: () => void) {
  try {
    task();
  } catch (error) {
    // SQLITE_BUSY under a write burst only postpones the task to the next tick.
    console.error(`maintenance (${label}):`, error instanceof Error ? error.message : error);
  }
}

export function startMaintenance() {
  if (timer) return;
  runOnce("optimize", optimizeDatabase);
  runOnce("sweep", sweepExpiredSessions);
  timer = setInterval(() => {
    ticks++;
    runOnce("sweep", sweepExpiredSessions);
    runOnce("sweep prints", sweepOldPrints);
    runOnce("suspension ends", () => logEndedSuspensions());
    runOnce("checkpoint", () => checkpointWal("PASSIVE"));
    if (ticks % OPTIMIZE_EVERY === 0) runOnce("optimize", optimizeDatabase);
  }, EVERY_MS);
  timer.unref();
}

export function stopMaintenance() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
