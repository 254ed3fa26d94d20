// A primary and a warm standby on loopback (docs/operations.md, "Warm standby"; decision 0260): the
// built server with Litestream streaming to a directory replica, two nginx edges with the shipped
// config (the standby as backup), members writing and visitors reading through both edges. The
// primary is killed with kill -9 under that load while the standby's `promote --watch` watches it;
// the load goes on until the standby has taken writes for a while. What every request got is kept,
// for tests/api/standby.test.ts to check and bench/failover.ts to print.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ApiClient, type ApiUser } from "./api-client.ts";
import { startLitestream } from "./litestream.ts";
import { startNginx, type RunningNginx } from "./nginx.ts";
import { freePort, startServer, TEST_SERVER_ENV } from "./server.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

type WriteResult = { content: string; via: "json" | "form"; startedAt: number; endedAt: number; status: number; acknowledged: boolean; retryAfter: string | null; type: string | null; error?: string };
type ReadResult = { path: string; startedAt: number; status: number; cache: string | null; error?: string };
export type Failover = {
  killedAt: number;
  /** When the first write sent after the kill was acknowledged (by the standby). */
  firstStandbyWriteAt: number | null;
  writes: WriteResult[];
  reads: ReadResult[];
  /** The comments' texts in the standby's database once the load stopped. */
  standbyContents: Set<string>;
  promoteOutput: string;
  standbyDatabase: string;
  replicaDir: string;
  env: NodeJS.ProcessEnv;
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A request the edge has not answered in this long counts as a hang. */
const HANG_MS = 15_000;

/** A shell command run in the repository, as a person types it (`npm run …`), with `env`. */
export function runShell(command: string, env: NodeJS.ProcessEnv): { done: Promise<{ code: number | null; output: string }>; output: () => string } {
  const child = spawn("bash", ["-euo", "pipefail", "-c", command], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c));
  child.stderr.on("data", (c: Buffer) => (output += c));
  return { done: new Promise((resolve) => child.once("exit", (code) => resolve({ code, output }))), output: () => output };
}

/** The environment of the standby's box: the primary's settings, its own paths and port. */
async function standbyEnv(secret: string, primaryUrl: string, replicaDir: string, publicUrl: string): Promise<NodeJS.ProcessEnv> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-standby-"));
  return {
    ...process.env,
    ...TEST_SERVER_ENV,
    SESSION_SECRET: secret,
    PRIMARY_URL: primaryUrl,
    DATABASE_PATH: path.join(dir, "data", "app.db"),
    LITESTREAM_REPLICA_URL: `file://${replicaDir}`,
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "loopback",
  };
}

/**
 * The whole run. `promoteCommand` is what the standby's operator runs (docs/operations.md's block);
 * `members` write as fast as they are answered, `visitors` read the pages kept before the kill.
 */
export async function runFailover({
  promoteCommand,
  members = 4,
  visitors = 2,
  loadBeforeKillMs = 1_500,
  loadAfterStandbyMs = 1_500,
  watch = { PROMOTE_POLL_MS: "300", PROMOTE_FAILURES: "3" },
  beforeKill,
}: {
  promoteCommand: string;
  members?: number;
  visitors?: number;
  loadBeforeKillMs?: number;
  loadAfterStandbyMs?: number;
  /** The watcher's settings (the test's are quicker than the defaults). */
  watch?: Record<string, string>;
  /** Run under load while the primary still answers (the standby's environment given). */
  beforeKill?: (env: NodeJS.ProcessEnv) => Promise<void>;
}): Promise<Failover> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-failover-"));
  const replicaDir = path.join(work, "replica");
  const secret = crypto.randomBytes(24).toString("hex");
  const edgePorts = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${edgePorts[0]}`;
  const primary = await startServer({ SESSION_SECRET: secret, DATABASE_PATH: process.env.DATABASE_PATH!, PUBLIC_URL: publicUrl, TRUST_PROXY: "loopback" });
  const api = new ApiClient(primary, secret);
  const litestream = await startLitestream(primary.databasePath, replicaDir);
  const env = { ...(await standbyEnv(secret, primary.url, replicaDir, publicUrl)), ...watch };
  const standbyHost = `127.0.0.1:${env.PORT}`;
  const edges: RunningNginx[] = [];
  for (const port of edgePorts) edges.push(await startNginx(new URL(primary.url).host, port, standbyHost));

  const author = await api.user();
  const posts = Array.from({ length: 3 }, (_, i) => api.post(author.id, { title: `Kept through the gap ${i}` }));
  const writers: ApiUser[] = await Promise.all(Array.from({ length: members }, () => api.user()));
  const pages = ["/", "/?sort=new", ...posts.map((p) => `/post/${p.id}`)];
  // Kept by both edges before anything happens (a visitor's page is kept 1 s fresh, then stale).
  for (const edge of edges) for (const page of pages) await (await fetch(`${edge.url}${page}`)).text();

  const watcher = runShell(promoteCommand, env);
  const writes: WriteResult[] = [];
  const reads: ReadResult[] = [];
  let running = true;
  let n = 0;

  async function write(member: ApiUser, i: number) {
    const edge = edges[i % edges.length];
    const post = posts[i % posts.length];
    const content = `gap write ${member.username} ${i} ${n++}`;
    const asForm = i % 2 === 1;
    const startedAt = Date.now();
    const headers: Record<string, string> = { Cookie: member.cookie };
    let url: string;
    let body: string;
    if (asForm) {
      url = `${edge.url}/post/${post.id}/comments`;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      headers.Accept = "text/html";
      body = new URLSearchParams({ content }).toString();
    } else {
      url = `${edge.url}/api/comments`;
      headers["Content-Type"] = "application/json";
      headers.Accept = "application/json";
      body = JSON.stringify({ postId: post.id, content });
    }
    try {
      const res = await fetch(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(HANG_MS) });
      await res.text();
      // A form's 303 back to the post is its success; an error would come back as a 303 with an error toast, or 4xx.
      const toast = res.headers.getSetCookie().some((c) => /^chortle_toast=[^;]/.test(c));
      const acknowledged = asForm ? res.status === 303 && toast : res.status === 201;
      writes.push({ content, via: asForm ? "form" : "json", startedAt, endedAt: Date.now(), status: res.status, acknowledged, retryAfter: res.headers.get("retry-after"), type: res.headers.get("content-type") });
    } catch (error) {
      writes.push({ content, via: asForm ? "form" : "json", startedAt, endedAt: Date.now(), status: 0, acknowledged: false, retryAfter: null, type: null, error: String(error) });
    }
  }
  const memberLoops = writers.map(async (member, m) => {
    for (let i = m; running; i++) {
      await write(member, i);
      await sleep(25);
    }
  });
  const visitorLoops = Array.from({ length: visitors }, async (_, v) => {
    for (let i = v; running; i++) {
      const page = pages[i % pages.length];
      const startedAt = Date.now();
      try {
        const res = await fetch(`${edges[i % edges.length].url}${page}`, { signal: AbortSignal.timeout(HANG_MS) });
        await res.text();
        reads.push({ path: page, startedAt, status: res.status, cache: res.headers.get("x-cache-status") });
      } catch (error) {
        reads.push({ path: page, startedAt, status: 0, cache: null, error: String(error) });
      }
      await sleep(20);
    }
  });

  await sleep(loadBeforeKillMs);
  await beforeKill?.(env);
  const killedAt = Date.now();
  process.kill(primary.pid, "SIGKILL");
  await primary.exited;
  const firstAfterKill = () => writes.filter((w) => w.acknowledged && w.startedAt > killedAt).sort((a, b) => a.endedAt - b.endedAt)[0];
  const deadline = Date.now() + 90_000;
  while (!firstAfterKill() && Date.now() < deadline) await sleep(50);
  if (firstAfterKill()) await sleep(loadAfterStandbyMs);
  running = false;
  await Promise.all([...memberLoops, ...visitorLoops]);
  const promoted = await watcher.done;

  const standbyDatabase = env.DATABASE_PATH!;
  const { default: Database } = await import("better-sqlite3");
  let standbyContents = new Set<string>();
  if (fs.existsSync(standbyDatabase)) {
    const db = new Database(standbyDatabase, { readonly: true });
    standbyContents = new Set(db.prepare("SELECT content FROM comments").pluck().all() as string[]);
    db.close();
  }

  return {
    killedAt,
    firstStandbyWriteAt: firstAfterKill()?.endedAt ?? null,
    writes,
    reads,
    standbyContents,
    promoteOutput: promoted.output,
    standbyDatabase,
    replicaDir,
    env,
    stop: async () => {
      for (const edge of edges) await edge.stop();
      for (const file of [`${standbyDatabase}.server-pid`, `${standbyDatabase}.litestream-pid`]) {
        const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, "utf8").trim()) : 0;
        if (pid > 0) await stopPid(pid);
      }
      await litestream.kill("SIGKILL");
      await primary.stop();
      fs.rmSync(path.dirname(path.dirname(standbyDatabase)), { recursive: true, force: true });
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}

/** SIGTERM to a process this run started (by its pid), and wait until it is gone. */
async function stopPid(pid: number) {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(100);
  }
  process.kill(pid, "SIGKILL");
}
