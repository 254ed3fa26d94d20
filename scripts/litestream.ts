// The Litestream binary of the npm package (@flydotio/litestream-<platform>-<arch>, decision 0136)
// and the config it runs with. `npm run litestream -- <command> …` runs it with
// deploy/litestream/litestream.yml (LITESTREAM_CONFIG to use another), e.g. `replicate` beside the
// server, `snapshots`, `generations`. Signals go on to it and its exit code is ours (the package's own
// `litestream` wrapper does neither).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

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

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [command, ...rest] = process.argv.slice(2);
  if (!command) {
    console.error("Usage: npm run litestream -- <replicate|snapshots|generations|wal|restore|version> [arguments]");
    process.exit(1);
  }
  const args = command === "version" ? [command] : [command, "-config", LITESTREAM_CONFIG, ...rest];
  const child = spawn(litestreamBinary(), args, { stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
