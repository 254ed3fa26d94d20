// What the benchmarks share: a server process pinned to core 0 (taskset, when the machine has it),
// stopping it, reading its CPU time and memory from /proc, and members signed in on a copy of the data.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createCookie } from "react-router";

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

/** `node [...nodeArgs]` (a server file and its flags) on core 0 (or `cores`), in production mode, resolved once it listens. */
export function serve(nodeArgs: string[], buildDir: string, env: Record<string, string> = {}, cores = "0"): Promise<Server> {
  const [cmd, argv] = hasTaskset ? ["taskset", ["-c", cores, process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", BUILD_DIR: buildDir, RATE_LIMIT: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let listening = false;
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      // Kept only until the server listens (a line a request follows); then read and dropped.
      if (listening) return;
      output += chunk;
      const match = output.match(/listening on (http:\/\/[^\s"]+)/);
      if (match) {
        listening = true;
        resolve({ url: match[1].replace("localhost", "127.0.0.1"), child });
      }
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

/** CPU ms of a process and its children (a cluster's workers, nginx's). */
export function treeCpuMs(pid: number): number {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // Gone.
  }
  return cpuMs(pid) + children.reduce((sum, child) => sum + treeCpuMs(child), 0);
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

/**
 * Signed-in members: a session row for each of `userIds` straight into the copy `file` (as models/session.server.ts
 * makes them: the SHA-256 of the token is the id, seen just now so no request rewrites it, or
 * `seenAgoMs` ago, so a member's first request slides it as a returning member's does) and the
 * cookie signed with the `secret` the server gets, as tests/support/api-client.ts does.
 */
export async function signIn(file: string, secret: string, userIds: number[], { seenAgoMs = 0 }: { seenAgoMs?: number } = {}): Promise<string[]> {
  const now = Date.now() - seenAgoMs;
  const tokens = userIds.map(() => crypto.randomBytes(32).toString("base64url"));
  const db = new Database(file);
  try {
    const insert = db.prepare("INSERT INTO sessions (id, user_id, expires_at, last_seen_at, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?)");
    db.transaction(() => {
      userIds.forEach((userId, i) => insert.run(crypto.createHash("sha256").update(tokens[i]).digest("hex"), userId, Date.now() + 24 * 60 * 60 * 1000, now, "bench", now));
    })();
  } finally {
    db.close();
  }
  const cookie = createCookie("chortle_session", { secrets: [secret] });
  return Promise.all(tokens.map(async (token) => (await cookie.serialize(token)).split(";")[0]));
}

/**
 * What a browser sends over HTTPS (Chrome; Firefox and Safari send br too), so the server answers as it
 * does on a live site: brotli where it compresses a page itself.
 */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
