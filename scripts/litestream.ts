// The Litestream binary of the npm package (@flydotio/litestream-<platform>-<arch>, decision 0136)
// and the config it runs with. `npm run litestream -- <command> …` runs it with
// deploy/litestream/litestream.yml (LITESTREAM_CONFIG to use another), e.g. `replicate` beside the
// server, `snapshots`, `generations`. The commands that ask about one database (snapshots,
// generations, wal) are given DATABASE_PATH's when none is named, as `replicate` takes it from the
// config. While `replicate` runs, its pid sits beside the database (`npm run restore` refuses then:
// a restore under a running Litestream fights it). Its metrics listen on LITESTREAM_METRICS_ADDR
// (127.0.0.1:9090 unless set; `off` for none). Signals go on to it and its exit code is ours (the
// package's own `litestream` wrapper does neither).
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { databasePath, litestreamLockPath } from "./db-file.ts";

export const LITESTREAM_CONFIG = path.resolve(process.env.LITESTREAM_CONFIG ?? "deploy/litestream/litestream.yml");

/** The path of the litestream binary for this machine, or an error saying there is none. */
export function litestreamBinary(): string {
  const name = `@flydotio/litestream-${process.platform}-${process.arch}`;
  try {
    return createRequire(import.meta.url).resolve(`${name}/litestream`);
  } catch {
    throw new Error(`No Litestream binary for ${process.platform}-${process.arch} (${name} is not installed).`);
  }
}

// Litestream's flags that take no value; every other flag takes the next argument.
const SWITCHES = new Set(["-if-db-not-exists", "-if-replica-exists", "-no-expand-env", "-v"]);
/** Whether `args` (after the command) name a database or replica URL of their own. */
function namesDatabase(args: string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    if (!args[i].startsWith("-")) return true;
    if (!SWITCHES.has(args[i]) && !args[i].includes("=")) i++;
  }
  return false;
}

/** The environment Litestream runs with: the config's variables filled in, as the config reads them. */
export function litestreamEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const addr = env.LITESTREAM_METRICS_ADDR ?? "127.0.0.1:9090";
  return { ...env, DATABASE_PATH: path.resolve(env.DATABASE_PATH ?? "data/app.db"), LITESTREAM_METRICS_ADDR: addr === "off" ? "" : addr };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [command, ...rest] = process.argv.slice(2);
  if (!command) {
    console.error("Usage: npm run litestream -- <replicate|snapshots|generations|wal|restore|version> [arguments]");
    process.exit(1);
  }
  const database = databasePath();
  const one = ["snapshots", "generations", "wal"].includes(command) && !namesDatabase(rest) ? [database] : [];
  const args = command === "version" ? [command] : [command, "-config", LITESTREAM_CONFIG, ...rest, ...one];
  const child = spawn(litestreamBinary(), args, { stdio: "inherit", env: litestreamEnv() });
  const lock = command === "replicate" && child.pid ? litestreamLockPath(database) : null;
  if (lock) {
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    fs.writeFileSync(lock, String(child.pid));
  }
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    if (lock) fs.rmSync(lock, { force: true });
    process.exit(code ?? (signal ? 1 : 0));
  });
}
