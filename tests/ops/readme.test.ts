// The README's first command, as a person types it in a terminal: `npm start` (after `npm install`,
// which the suite's own run has done) in a pseudo-terminal (util-linux `script`), on a temp database.
// It serves the seeded site, and what it prints is for a person: readable coloured lines, no JSON,
// the PUBLIC_URL warning as one WARN line.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../support/server.ts";
import { commandBlocks, ROOT } from "./doc-runner.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-readme-"));
let stop = async () => {};
afterAll(async () => {
  await stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const strip = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, "").replace(/\r/g, "");

it("starts as the README says, and talks to a terminal in readable lines", { timeout: 120_000 }, async () => {
  const [setUp] = commandBlocks("README.md").filter((b) => b.section === "Chortle");
  const commands = setUp.text.split("\n").map((line) => line.replace(/#.*$/, "").trim());
  expect(commands).toEqual(["npm install && npm start", "npm test"]);
  const start = commands[0].split(" && ")[1];
  const port = await freePort();
  // As a person's shell has it: no NODE_ENV, no LOG_FORMAT (the test runner's own are not theirs).
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATABASE_PATH: path.join(dir, "app.db"), TERM: "xterm-256color" };
  delete env.NODE_ENV;
  delete env.LOG_FORMAT;
  const child = spawn("script", ["-qfec", start, "/dev/null"], {
    cwd: ROOT,
    env,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  stop = async () => {
    if (child.exitCode !== null) return;
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  };
  const printed = async (pattern: RegExp, ms: number) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(strip(output))) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not print ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await printed(/listening on http:\/\/localhost:\d+/, 90_000);
  expect(strip(output)).toContain(`Chortle is listening on http://localhost:${port}`);
  const home = await fetch(`http://127.0.0.1:${port}/`);
  expect(home.status).toBe(200);
  // The demo content the README promises.
  expect(strip(output)).toMatch(/Seeded demo content: \d+ users, \d+ posts\./);
  // The request's line is written once its answer is done, asynchronously.
  await printed(/GET \/ 200/, 10_000);
  const lines = strip(output).split("\n").filter((l) => l.trim());
  expect(lines.filter((l) => l.trim().startsWith("{"))).toEqual([]);
  // Coloured (ANSI escapes) where a terminal can show them; the warning one plain WARN line.
  expect(output).toMatch(/\x1b\[\d+m/);
  expect(lines.find((l) => l.includes("PUBLIC_URL is not set"))).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN \(\d+\): PUBLIC_URL is not set: links in feeds/);
  expect(lines.find((l) => l.includes("GET / "))).toMatch(/INFO \(\d+\): GET \/ 200 [\d.]+ ms/);
});
