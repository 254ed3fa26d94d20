// Runs a page's command blocks as written (```sh fences, by the heading they sit under), on a
// Debian box laid out under a temporary PREFIX: /etc/nginx copied from this machine's own nginx
// package (its nginx.conf, Debian's sites-enabled/default and its "Welcome to nginx!" page),
// /var/cache, /var/log/nginx, /var/lib/nginx, /run and /etc/systemd/system as Debian has them, and
// nothing else. The page's stated variables (a ```sh variables block: NAME=value lines, not run)
// are given the test's values instead: PREFIX the temp directory, the ports free ones.
//
// What the test cannot do as root of a shared machine is stood in for, and only that:
// - `sudo` runs its command as the test's user;
// - `nginx` is Debian's /usr/sbin/nginx run with the box's config (-c, -e; -p its own, for the modules), its files under
//   $PREFIX/etc/nginx rewritten each time by the box's move: absolute /etc, /var and /run paths under
//   PREFIX, `user` root (the temp dirs are the test's), `listen 80` on 127.0.0.1:$HTTP_PORT (IPv6
//   listens dropped), the upstream 127.0.0.1:3000 on $PORT, temp paths in the box;
// - `systemctl` starts and stops the units under $PREFIX/etc/systemd/system as systemd would
//   (WorkingDirectory, Environment, EnvironmentFile, ExecStart without a shell, a clean environment,
//   stop = SIGTERM to the unit's processes and wait), and nginx by its pid file.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { RUN_ELSEWHERE } from "./doc-sections.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** `section`: the heading just above; `headings`: it and the headings it sits under. */
export type Block = { file: string; section: string; headings: string[]; line: number; info: string; text: string };

/** The fenced blocks of `file` (relative to the repository) whose language is a shell, with the heading above each. */
export function commandBlocks(file: string): Block[] {
  const lines = fs.readFileSync(path.join(ROOT, file), "utf8").split("\n");
  const blocks: Block[] = [];
  const stack: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const heading = /^(#{1,6}) (.+)$/.exec(lines[i]);
    if (heading) {
      stack.length = heading[1].length - 1;
      stack[heading[1].length - 1] = heading[2].trim();
    }
    const fence = /^```(\S*)\s*(.*)$/.exec(lines[i]);
    if (!fence) continue;
    const start = i;
    while (++i < lines.length && lines[i] !== "```");
    if (["sh", "bash", "shell"].includes(fence[1])) blocks.push({ file, section: stack.at(-1) ?? "", headings: stack.filter(Boolean), line: start + 1, info: fence[2].trim(), text: lines.slice(start + 1, i).join("\n") });
  }
  return blocks;
}

/** The names a `sh variables` block states (NAME=value, a comment after it). */
export function statedVariables(blocks: Block[]): string[] {
  return blocks.filter((b) => b.info === "variables").flatMap((b) => [...b.text.matchAll(/^(?:export )?([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]));
}

const SHIM_NGINX = `#!/usr/bin/env node
// The box's nginx (tests/ops/doc-runner.ts): its files moved under PREFIX, then Debian's nginx.
const fs = require("node:fs"), path = require("node:path"), { spawnSync } = require("node:child_process");
const { PREFIX, PORT, HTTP_PORT } = process.env;
const dir = path.join(PREFIX, "etc/nginx");
const files = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : e.isFile() ? [path.join(d, e.name)] : []));
for (const file of files(dir)) {
  let text = fs.readFileSync(file, "utf8");
  const was = text;
  text = text
    .replace(/(^|[\\s"'])\\/(etc|var|run)\\//gm, (_, b, top) => b + PREFIX + "/" + top + "/")
    .replace(/^(\\s*)user\\s+[^;]+;/gm, "$1user root;")
    .replace(/^(\\s*)listen\\s+80\\b/gm, "$1listen 127.0.0.1:" + HTTP_PORT)
    .replace(/^(\\s*)listen\\s+\\[::\\]:80\\b[^;]*;/gm, "$1# (the box's IPv6 listen, dropped in the test)")
    .replace(/127\\.0\\.0\\.1:3000\\b/g, "127.0.0.1:" + PORT);
  if (/^http\\s*\\{/m.test(text) && !text.includes("client_body_temp_path")) {
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => "\\t" + t + "_temp_path " + PREFIX + "/var/lib/nginx/" + t.replace("client_", "") + ";").join("\\n");
    text = text.replace(/^http\\s*\\{/m, "http {\\n" + temp);
  }
  if (text !== was) fs.writeFileSync(file, text);
}
const r = spawnSync("/usr/sbin/nginx", ["-p", "/usr/share/nginx/", "-c", path.join(dir, "nginx.conf"), "-e", path.join(PREFIX, "var/log/nginx/error.log"), ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(r.status ?? 1);
`;

const SHIM_SYSTEMCTL = `#!/usr/bin/env node
// The box's systemd, as much of it as the page uses (tests/ops/doc-runner.ts).
const fs = require("node:fs"), path = require("node:path"), { spawn, spawnSync } = require("node:child_process");
const { PREFIX } = process.env;
const run = path.join(PREFIX, "run");
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
// A unit's processes: its process group's, zombies not counted (whoever reaps them may take its time).
const groupAlive = (pgid) => fs.readdirSync("/proc").some((d) => {
  if (!/^\\d+$/.test(d)) return false;
  try {
    const stat = fs.readFileSync("/proc/" + d + "/stat", "utf8");
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(pgrp) === pgid && state !== "Z";
  } catch { return false; }
});
const pidOf = (unit) => { try { return Number(fs.readFileSync(path.join(run, unit + ".test-pid"), "utf8")); } catch { return 0; } };
const nginxPid = () => { try { return Number(fs.readFileSync(path.join(run, "nginx.pid"), "utf8")); } catch { return 0; } };
const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const nginx = (...args) => { const r = spawnSync("nginx", args, { stdio: "inherit" }); if (r.status !== 0) process.exit(r.status ?? 1); };
function parse(unit) {
  const text = fs.readFileSync(path.join(PREFIX, "etc/systemd/system", unit + ".service"), "utf8");
  const service = { env: {}, files: [], cwd: "/", exec: null };
  for (const line of text.split("\\n")) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (!m) continue;
    if (m[1] === "WorkingDirectory") service.cwd = m[2];
    if (m[1] === "Environment") for (const kv of m[2].split(/\\s+/).filter(Boolean)) { const i = kv.indexOf("="); service.env[kv.slice(0, i)] = kv.slice(i + 1); }
    if (m[1] === "EnvironmentFile") service.files.push(m[2]);
    if (m[1] === "ExecStart") service.exec = m[2].split(/\\s+/).filter(Boolean);
  }
  return service;
}
function start(unit) {
  if (unit === "nginx") return nginxPid() && alive(nginxPid()) ? undefined : nginx();
  if (pidOf(unit) && groupAlive(pidOf(unit))) return;
  const s = parse(unit);
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: "C.UTF-8", ...s.env };
  for (const f of s.files) {
    const optional = f.startsWith("-");
    const file = optional ? f.slice(1) : f;
    if (!fs.existsSync(file)) { if (optional) continue; console.error(unit + ": no " + file); process.exit(1); }
    for (const line of fs.readFileSync(file, "utf8").split("\\n")) {
      const m = /^\\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
      if (m) env[m[1]] = m[2].replace(/^"(.*)"$/, "$1").replace(/^'(.*)'$/, "$1");
    }
  }
  const log = fs.openSync(path.join(PREFIX, "var/log", unit + ".log"), "a");
  const child = spawn(s.exec[0], s.exec.slice(1), { cwd: s.cwd, env, detached: true, stdio: ["ignore", log, log] });
  fs.writeFileSync(path.join(run, unit + ".test-pid"), String(child.pid));
  child.unref();
}
function stop(unit) {
  if (unit === "nginx") {
    const pid = nginxPid();
    if (!pid || !alive(pid)) return;
    nginx("-s", "quit");
    for (let i = 0; i < 200 && alive(pid); i++) sleep(50);
    return;
  }
  // The unit's processes are its process group (npm, node, the workers): stopped when all are gone.
  const pid = pidOf(unit);
  if (!pid || !groupAlive(pid)) return;
  try { process.kill(-pid, "SIGTERM"); } catch {}
  for (let i = 0; i < 400 && groupAlive(pid); i++) sleep(50);
  if (groupAlive(pid)) try { process.kill(-pid, "SIGKILL"); } catch {}
  for (let i = 0; i < 100 && groupAlive(pid); i++) sleep(50);
}
const [command, ...rest] = process.argv.slice(2);
const now = rest.includes("--now");
const units = rest.filter((u) => !u.startsWith("-")).map((u) => u.replace(/\\.service$/, ""));
if (command === "daemon-reload") process.exit(0);
else if (command === "enable") { if (now) units.forEach(start); }
else if (command === "start") units.forEach(start);
else if (command === "stop") units.forEach(stop);
else if (command === "restart") units.forEach((u) => { stop(u); start(u); });
else if (command === "reload" && units[0] === "nginx") { if (nginxPid() && alive(nginxPid())) nginx("-s", "reload"); else start("nginx"); }
else { console.error("systemctl (the test's): " + command + " " + rest.join(" ") + " is not stood in for"); process.exit(1); }
`;

export type Box = {
  prefix: string;
  vars: Record<string, string>;
  /** Runs the page's command blocks under `section`, in one shell, in the checkout; the output. */
  run: (file: string, section: string, extra?: Record<string, string>) => Promise<string>;
  /** A command of the test's own, in the same shell setting as the page's blocks. */
  sh: (script: string) => Promise<{ code: number | null; output: string }>;
  /** The sections run so far, as "file#section". */
  ran: Set<string>;
  /** The box is lost: every unit and nginx stopped, its /etc, /srv and /var gone, Debian laid afresh. */
  lose: () => Promise<void>;
  /** Stops every unit and nginx, then removes the box. */
  destroy: () => Promise<void>;
};

/** Debian's layout under `prefix`: its directories, and nginx's files as the package installs them. */
function layDebian(prefix: string) {
  for (const dir of ["var/cache", "var/log/nginx", "var/lib/nginx", "var/www/html", "run", "etc/systemd/system", ".test-shims"]) fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  fs.cpSync("/etc/nginx", path.join(prefix, "etc/nginx"), { recursive: true, verbatimSymlinks: true });
  // Debian's links (sites-enabled/default → /etc/nginx/sites-available/default) point into the box.
  for (const sub of ["sites-enabled", "modules-enabled"]) {
    const dir = path.join(prefix, "etc/nginx", sub);
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const link = path.join(dir, name);
      if (!fs.lstatSync(link).isSymbolicLink()) continue;
      const target = fs.readlinkSync(link);
      if (target.startsWith("/etc/")) {
        fs.rmSync(link);
        fs.symlinkSync(path.join(prefix, target), link);
      }
    }
  }
}

/** A Debian box under a new temp PREFIX; `vars` the values of the page's stated variables (PREFIX is the box's). */
export function createBox(vars: (prefix: string) => Record<string, string>): Box {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-box-"));
  layDebian(prefix);
  const welcome = "/var/www/html/index.nginx-debian.html";
  fs.writeFileSync(path.join(prefix, welcome), fs.existsSync(welcome) ? fs.readFileSync(welcome) : "<h1>Welcome to nginx!</h1>\n");
  const shims = path.join(prefix, ".test-shims");
  fs.writeFileSync(path.join(shims, "sudo"), '#!/bin/sh\nexec "$@"\n', { mode: 0o755 });
  fs.writeFileSync(path.join(shims, "nginx"), SHIM_NGINX, { mode: 0o755 });
  fs.writeFileSync(path.join(shims, "systemctl"), SHIM_SYSTEMCTL, { mode: 0o755 });

  const values: Record<string, string> = { ...vars(prefix), PREFIX: prefix };
  const env = { ...process.env, ...values, PATH: `${shims}:${process.env.PATH}` };
  const ran = new Set<string>();
  const sh = (script: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn("bash", ["-euo", "pipefail", "-c", script], { cwd: values.CHORTLE_DIR ?? ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (c: Buffer) => (output += c));
      child.stderr.on("data", (c: Buffer) => (output += c));
      child.on("exit", (code) => resolve({ code, output }));
    });
  const stopAll = async () => {
    const dir = path.join(prefix, "etc/systemd/system");
    const units = fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => f.replace(/\.service$/, "")) : [];
    await sh(`systemctl stop ${[...units, "nginx"].join(" ")} || true`);
  };
  return {
    prefix,
    vars: values,
    ran,
    sh,
    async run(file, section, extra = {}) {
      // A heading of the same name inside a section another test runs (the standby's own "nginx") is not this one.
      const blocks = commandBlocks(file).filter((b) => b.section === section && !b.headings.some((h) => `${file}#${h}` in RUN_ELSEWHERE));
      const stated = blocks.filter((b) => b.info === "variables");
      const runnable = blocks.filter((b) => b.info !== "variables");
      if (runnable.length === 0) throw new Error(`${file}: no command block under "${section}"`);
      const missing = statedVariables(stated).filter((name) => !(name in extra) && !(name in values));
      if (missing.length) throw new Error(`${file} "${section}" states ${missing.join(", ")}: the test gives no value`);
      const assign = Object.entries(extra).map(([k, v]) => `export ${k}=${JSON.stringify(v)}`).join("\n");
      const script = [assign, ...runnable.map((b) => `echo "::: ${file}:${b.line}"\n${b.text}`)].join("\n");
      const { code, output } = await sh(script);
      if (code !== 0) throw new Error(`${file} "${section}" failed (exit ${code}):\n${output}`);
      ran.add(`${file}#${section}`);
      return output;
    },
    lose: async () => {
      await stopAll();
      for (const dir of ["etc", "srv", "var", "run"]) fs.rmSync(path.join(prefix, dir), { recursive: true, force: true });
      layDebian(prefix);
    },
    async destroy() {
      await stopAll();
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
