// The database file the scripts work on, and the lock file a running server keeps next to it.
import fs from "node:fs";
import path from "node:path";

export function databasePath(): string {
  return path.resolve(process.env.DATABASE_PATH ?? "data/app.db");
}

/** server.js writes its pid here while it serves this database (see serverLockPath in server.js). */
export function serverLockPath(dbFile: string): string {
  return `${dbFile}.server-pid`;
}

/** scripts/litestream.ts writes Litestream's pid here while it replicates this database. */
export function litestreamLockPath(dbFile: string): string {
  return `${dbFile}.litestream-pid`;
}

/** The pid of a live server holding `dbFile`, or null (a lock left by a crashed server is ignored). */
export const runningServerPid = (dbFile: string) => livePid(serverLockPath(dbFile));

/** The pid of a live Litestream replicating `dbFile`, or null. */
export const runningLitestreamPid = (dbFile: string) => livePid(litestreamLockPath(dbFile));

/** The pid written in `lockFile` when that process is alive, else null. */
function livePid(lockFile: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(lockFile, "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but someone else's.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

export function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}
