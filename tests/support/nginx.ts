// Starts Debian's nginx (/usr/sbin/nginx) with deploy/nginx/chortle.conf in front of a server, as any
// user: its own prefix, pid, logs, temp and cache directories under a temp dir, on a free port. Only
// the lines of the shipped file marked `# test:` are changed (each must be found once): the listen
// port, the cache directory, the upstream, the access log, and (when a test has one) the standby's
// commented line.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server.ts";

const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
const SHIPPED = path.resolve(import.meta.dirname, "../../deploy/nginx/chortle.conf");

export type RunningNginx = { url: string; port: number; dir: string; pid: number; errors: () => string; accessLog: () => Record<string, unknown>[]; stop: () => Promise<void> };

/** The shipped site file with the test's listen port, upstream and cache directory. */
function siteConfig(upstream: string, port: number, cacheDir: string, standby?: string): string {
  const replacements: [RegExp, string][] = [
    [/^proxy_cache_path \S+ (.*) # test: cache$/m, `proxy_cache_path ${cacheDir} $1`],
    [/^(\s*)server \S+( [^#]*)?; # test: upstream$/m, `$1server ${upstream}$2;`],
    [/^(\s*)listen \S+ default_server; # test: listen$/m, `$1listen 127.0.0.1:${port} default_server;`],
    [/^(\s*)access_log \S+ chortle; # test: log$/m, `$1access_log ${path.join(path.dirname(cacheDir), "access.log")} chortle;`],
    ...(standby ? [[/^(\s*)# server \S+( backup[^#]*); # test: standby$/m, `$1server ${standby}$2;`] as [RegExp, string]] : []),
  ];
  let text = fs.readFileSync(SHIPPED, "utf8");
  for (const [pattern, replacement] of replacements) {
    if ((text.match(new RegExp(pattern.source, "gm")) ?? []).length !== 1) throw new Error(`deploy/nginx/chortle.conf: no single line matches ${pattern}`);
    text = text.replace(pattern, replacement);
  }
  return text;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * nginx in front of `upstream` ("127.0.0.1:PORT"); `port` when the caller needs to know it first;
 * `standby` the warm standby's address, asked while the upstream does not answer.
 */
export async function startNginx(upstream: string, port?: number, standby?: string): Promise<RunningNginx> {
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx (.ci/run installs it)`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-nginx-"));
  port ??= await freePort();
  fs.writeFileSync(path.join(dir, "chortle.conf"), siteConfig(upstream, port, path.join(dir, "cache"), standby));
  const temp = (name: string) => path.join(dir, name);
  // As root (CI), nginx would hand its workers to `nobody`, who cannot write these directories.
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `${user}daemon off;
worker_processes 1;
pid ${temp("nginx.pid")};
error_log ${temp("error.log")} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
  include ${temp("chortle.conf")};
}
`,
  );
  const child = spawn(NGINX, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", temp("error.log")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errors = () => output + (fs.existsSync(temp("error.log")) ? fs.readFileSync(temp("error.log"), "utf8") : "");
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${errors()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    pid: child.pid!,
    errors,
    accessLog: () => (fs.existsSync(temp("access.log")) ? fs.readFileSync(temp("access.log"), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) : []),
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
