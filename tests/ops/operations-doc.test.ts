// docs/operations.md as a self-hoster follows it (tests/ops/doc-runner.ts): a Debian box under a
// temp prefix gets its settings file, the app and Litestream as units, nginx with the shipped
// config; visitors get cache hits through nginx, both /metrics answer; a member signs up; a restore
// is refused while Litestream runs; the page's restore, its point-in-time restore and its new box
// each bring back what was written, leave nothing stray beside the database and keep the member
// signed in. Every section of the page this file runs is in RUN_HERE (tests/ops/doc-sections.ts).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../support/server.ts";
import { createBox, ROOT, type Box } from "./doc-runner.ts";
import { OPERATIONS, RUN_HERE } from "./doc-sections.ts";

let box: Box | undefined;
afterAll(async () => {
  await box?.destroy();
  if (box) fs.rmSync(`${box.prefix}-replica`, { recursive: true, force: true });
});

// A metric's name in a query: the prefixes of the app's, Node's (prom-client) and Litestream's.
const METRIC_NAME = /\b(?:chortle|process|nodejs|litestream)_[a-z0-9_]+\b/g;

/** The alerts' names and expressions (deploy/prometheus) and every query of the dashboard (deploy/grafana). */
function monitoringFiles() {
  const rules = fs.readFileSync(path.join(ROOT, "deploy/prometheus/chortle-alerts.yml"), "utf8");
  const alerts = [...rules.matchAll(/- alert: (\S+)\n\s+expr: (.+)$/gm)].map(([, name, expr]) => ({ name, expr }));
  type Panel = { targets?: { expr: string }[] };
  const panels = (JSON.parse(fs.readFileSync(path.join(ROOT, "deploy/grafana/chortle.json"), "utf8")) as { panels: Panel[] }).panels;
  return { alerts, dashboard: panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Litestream's sync interval (1 s) and a margin. */
const SHIPPED_WITHIN_MS = 2_500;

it("runs as written: a cached site, a running replica, a restore, a point in time and a new box", { timeout: 240_000 }, async () => {
  const [port, httpPort, metricsPort, litestreamPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const dir = (prefix: string) => path.join(prefix, "srv/chortle/data");
  box = createBox((prefix) => ({
    CHORTLE_DIR: ROOT,
    DATA_DIR: dir(prefix),
    PUBLIC_URL: "https://chortle.example",
    // Another disk: outside the box, so it outlives it.
    LITESTREAM_REPLICA_URL: `file://${prefix}-replica`,
    PORT: String(port),
    HTTP_PORT: String(httpPort),
    METRICS_PORT: String(metricsPort),
    LITESTREAM_METRICS_ADDR: `127.0.0.1:${litestreamPort}`,
  }));
  const b = box;
  const data = dir(b.prefix);
  const site = `http://127.0.0.1:${httpPort}`;

  await b.run(OPERATIONS, "The settings");
  expect(fs.readFileSync(path.join(b.prefix, "etc/chortle/chortle.env"), "utf8")).toMatch(/^SESSION_SECRET=[0-9a-f]{64}$/m);
  await b.run(OPERATIONS, "The app and Litestream");
  const nginxSteps = await b.run(OPERATIONS, "nginx");
  expect(nginxSteps).toMatch(/test is successful/);
  expect(nginxSteps).toMatch(/x-cache-status: MISS/i);

  // Our server answers, not Debian's welcome page, whatever the Host; the app only on loopback.
  const home = await fetch(`${site}/`);
  expect(home.status).toBe(200);
  expect(await home.text()).not.toContain("Welcome to nginx");
  expect(home.headers.get("x-cache-status")).toMatch(/HIT|STALE|UPDATING|MISS|EXPIRED/);
  const other = await fetch(`${site}/`, { headers: { Host: "another.example" } });
  expect(await other.text()).not.toContain("Welcome to nginx");
  expect(fs.readFileSync(path.join(b.prefix, "var/log/chortle.log"), "utf8")).toContain("address 127.0.0.1)");
  // nginx's own log: a JSON line with the cache status and its request id.
  const access = fs.readFileSync(path.join(b.prefix, "var/log/nginx/chortle.access.log"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(access.some((l) => l.path === "/" && l.cache === "MISS" && /^[0-9a-f]{32}$/.test(String(l.reqId)))).toBe(true);

  // Litestream's replica series appear with its first snapshot, a moment after its start.
  for (let i = 0; i < 100 && !(await (await fetch(`http://127.0.0.1:${litestreamPort}/metrics`)).text()).includes("litestream_replica_wal_offset{"); i++) await sleep(200);
  const metricsSteps = await b.run(OPERATIONS, "Metrics and logs");
  expect(metricsSteps).toMatch(/process_cpu_seconds_total\{worker="1"\}/);
  expect(metricsSteps).toMatch(/litestream_replica_wal_offset\{/);
  // The dashboard and the alerts ask only for what the app and Litestream export.
  const exported = new Set<string>();
  for (const url of [`http://127.0.0.1:${metricsPort}/metrics`, `http://127.0.0.1:${litestreamPort}/metrics`]) {
    for (const [, name, type] of (await (await fetch(url)).text()).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exported.add(name);
      if (type === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) exported.add(name + suffix);
    }
  }
  const { alerts, dashboard } = monitoringFiles();
  const asked = new Set([...alerts.map((a) => a.expr), ...dashboard].flatMap((expr) => expr.match(METRIC_NAME) ?? []));
  expect(asked.size).toBeGreaterThan(15);
  expect([...asked].filter((name) => !exported.has(name))).toEqual([]);
  // Each alert is drawn by the dashboard and named by the page.
  const page = fs.readFileSync(path.join(ROOT, OPERATIONS), "utf8");
  for (const alert of alerts) {
    expect(dashboard, alert.name).toContain(alert.expr.replace(/ > [\d.e]+$/, ""));
    expect(page, alert.name).toContain(`\`${alert.name}\``);
  }

  // A member signs up through nginx; then, later, another.
  const signUp = async (username: string) => {
    const res = await fetch(`${site}/api/register`, { method: "POST", headers: { "Content-Type": "application/json", Origin: site }, body: JSON.stringify({ username, email: `${username}@example.com`, password: "a long enough password 1" }) });
    expect(res.status, await res.clone().text()).toBe(201);
    return res.headers.get("set-cookie")!.split(";")[0];
  };
  const signedIn = async (cookie: string) => (await fetch(`${site}/api/notifications/unread/count`, { headers: { Cookie: cookie } })).status;
  const early = await signUp("early_member");
  expect(await signedIn(early)).toBe(200);
  await sleep(SHIPPED_WITHIN_MS);
  const between = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  await sleep(SHIPPED_WITHIN_MS);
  await signUp("late_member");
  await sleep(SHIPPED_WITHIN_MS);

  // A restore while the app or Litestream runs is refused, and changes nothing.
  const underServer = await b.sh(`set -a && . $PREFIX/etc/chortle/chortle.env && set +a && npm run restore -- --replica`);
  expect(underServer.code).toBe(1);
  expect(underServer.output).toMatch(/A server \(pid \d+\) is serving/);
  await b.sh("systemctl stop chortle");
  const underLitestream = await b.sh(`set -a && . $PREFIX/etc/chortle/chortle.env && set +a && npm run restore -- --replica`);
  expect(underLitestream.code).toBe(1);
  expect(underLitestream.output).toMatch(/Litestream \(pid \d+\) is replicating .*: stop it first/);
  await b.sh("systemctl start chortle");

  const members = () => {
    const db = new Database(path.join(data, "app.db"), { readonly: true });
    try {
      return db.prepare("SELECT username FROM users ORDER BY username").pluck().all();
    } finally {
      db.close();
    }
  };
  const stray = () => fs.readdirSync(data).filter((f) => /from-replica|\.tmp|\.restor/.test(f));
  const replicationLog = () => fs.readFileSync(path.join(b.prefix, "var/log/chortle-litestream.log"), "utf8");
  const health = () => b.sh(`curl -fsS --retry 60 --retry-connrefused --retry-delay 1 http://127.0.0.1:${port}/healthz`);

  const restored = await b.run(OPERATIONS, "Restoring");
  expect(restored).toMatch(/file\s+[0-9a-f]{16}\s+\d+/); // snapshots: the replica's generation
  expect(restored).toContain(`Restored the replica to ${path.join(data, "app.db")}`);
  expect(stray()).toEqual([]);
  expect((await health()).code).toBe(0);
  expect(members()).toEqual(["early_member", "late_member"]);
  expect(await signedIn(early)).toBe(200);
  expect(replicationLog()).not.toMatch(/level=ERROR/);

  const asOf = await b.run(OPERATIONS, "As it was at a time", { AT: between });
  expect(asOf).toContain(`as of ${between}`);
  expect(stray()).toEqual([]);
  expect((await health()).code).toBe(0);
  expect(members()).toEqual(["early_member"]);
  await sleep(SHIPPED_WITHIN_MS);

  // The box is lost: its processes and its disk. The settings file was kept off it.
  const settings = fs.readFileSync(path.join(b.prefix, "etc/chortle/chortle.env"));
  await b.lose();
  fs.mkdirSync(path.join(b.prefix, "etc/chortle"), { recursive: true });
  fs.writeFileSync(path.join(b.prefix, "etc/chortle/chortle.env"), settings);
  await b.run(OPERATIONS, "On a new box");
  expect(fs.readdirSync(data)).toEqual(["app.db"]);
  await b.run(OPERATIONS, "The app and Litestream");
  await b.run(OPERATIONS, "nginx");
  expect(members()).toEqual(["early_member"]);
  expect(await signedIn(early)).toBe(200);

  expect([...b.ran].sort()).toEqual(RUN_HERE.map((section) => `${OPERATIONS}#${section}`).sort());
});
