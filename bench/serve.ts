// What the benchmarks share: a server process pinned to core 0 (taskset, when the machine has it),
// stopping it, and reading its CPU time and memory from /proc.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

export const hasTaskset = (() => {
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

export const log = (message: string) => process.stderr.write(`${message}\n`);

export type Server = { url: string; child: ChildProcess };

/** `node [...nodeArgs]` (a server file and its flags) on core 0, in production mode, resolved once it listens. */
export function serve(nodeArgs: string[], buildDir: string, env: Record<string, string> = {}): Promise<Server> {
  const [cmd, argv] = hasTaskset ? ["taskset", ["-c", "0", process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", BUILD_DIR: buildDir, RATE_LIMIT: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(/listening on (http:\/\/\S+)/);
      if (match) resolve({ url: match[1].replace("localhost", "127.0.0.1"), child });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${nodeArgs.join(" ")} exited with ${code}:\n${output}`)));
  });
}

export function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
  });
}

/** utime + stime of a process in ms (Linux /proc, clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
