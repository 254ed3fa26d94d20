// Starts the built server (node server.js) on a free port with a fresh temp database.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import net from "node:net";
import path from "node:path";

export type RunningServer = {
  url: string;
  dir: string;
  databasePath: string;
  pid: number;
  logs: () => string;
  /** Resolves with the exit code once the process has exited (after a signal, say). */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

/** A port that was free a moment ago (the server then binds it; else nothing answers there). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** What every test server runs with (and a server a test has started some other way, e.g. by `npm run promote`). */
export const TEST_SERVER_ENV = {
  NODE_ENV: "production",
  SEED_DEMO: "false",
  RATE_LIMIT: "off",
  // Test servers are driven by scripts: the sign-up form's minimum fill time is off unless a test asks.
  SIGNUP_MIN_SECONDS: "0",
  SMTP_URL: "",
  // A line per request is noise here, and with it web-tools' feed fetches met "other side
  // closed" under parallel load (docs/decisions/0138); tests/api/metrics.test.ts turns it on.
  LOG_REQUESTS: "off",
  // The YouTube refresh job would ask the fake about every post at start: off unless a test asks
  // (tests/api/youtube-refresh.test.ts).
  YOUTUBE_REFRESH_INTERVAL_MS: "0",
};

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-server-"));
  // The caller may name the database (API tests share their worker's file with the server).
  const databasePath = env.DATABASE_PATH ?? path.join(dir, "app.db");
  let output = "";
  // Known up front so PUBLIC_URL (the origin of mailed links) can name it.
  const port = env.PORT ?? String(await freePort());
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: "127.0.0.1",
    DATABASE_PATH: databasePath,
    ...TEST_SERVER_ENV,
    ...env,
  };
  // PUBLIC_URL: "" starts the server without one (its links then come from the request's Host).
  if (childEnv.PUBLIC_URL === "") delete childEnv.PUBLIC_URL;
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    let listening = false;
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Looked for until found, not in every later chunk: the log has a line per request, and
      // matching the whole of it again each time took the test's CPU (and its sockets' timers).
      if (listening) return;
      const match = output.match(/listening on (http:\/\/[^\s"]+)/);
      if (match) {
        listening = true;
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    dir,
    databasePath,
    pid: child.pid!,
    logs: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
