// Litestream (the npm package's binary, scripts/litestream.ts) replicating a database with the
// shipped deploy/litestream/litestream.yml to a directory replica, started by the test that needs it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { LITESTREAM_CONFIG, litestreamBinary } from "../../scripts/litestream.ts";

export type RunningLitestream = { output: () => string; kill: (signal: NodeJS.Signals) => Promise<void> };

export async function startLitestream(databasePath: string, replicaDir: string): Promise<RunningLitestream> {
  const child = spawn(litestreamBinary(), ["replicate", "-config", LITESTREAM_CONFIG], {
    env: { ...process.env, DATABASE_PATH: databasePath, LITESTREAM_REPLICA_URL: `file://${replicaDir}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Ready once its first snapshot of the database is in the replica.
  const deadline = Date.now() + 20_000;
  const snapshotted = () => fs.existsSync(path.join(replicaDir, "generations")) && fs.readdirSync(path.join(replicaDir, "generations")).some((g) => fs.existsSync(path.join(replicaDir, "generations", g, "snapshots")) && fs.readdirSync(path.join(replicaDir, "generations", g, "snapshots")).length > 0);
  while (!snapshotted()) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`litestream did not start replicating:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    output: () => output,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
