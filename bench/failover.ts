// `npm run bench:failover`: a warm standby taking over (docs/operations.md, "Warm standby"), on
// loopback: the run of tests/api/standby.test.ts (tests/support/failover.ts), the primary killed
// with kill -9 under a write load while `npm run promote -- --watch` watches it, once with the
// watcher's defaults (10 checks a second apart) and once with quick ones (3 checks 300 ms apart).
// Prints, for each: the time from the kill to the first write the standby accepted (and how much of
// it was the watcher's patience, and the restore and start), the writes acknowledged and lost, the writes told to retry (503),
// and the visitors' requests served and failed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-failover-bench-"));
process.env.DATABASE_PATH = path.join(dir, "primary.db");
process.env.RATE_LIMIT ??= "off";
const { getDb, migrate, closeDb } = await import("#db/client.server.ts");
migrate(getDb());
const { runFailover } = await import("../tests/support/failover.ts");

const settings: { name: string; watch: Record<string, string> }[] = [
  { name: "watcher's defaults (10 checks, 1 s apart)", watch: {} },
  { name: "quick watcher (3 checks, 300 ms apart)", watch: { PROMOTE_POLL_MS: "300", PROMOTE_FAILURES: "3" } },
];
const rows: string[] = [];
for (const { name, watch } of settings) {
  process.stderr.write(`${name} …\n`);
  const run = await runFailover({ promoteCommand: "npm run promote -- --watch", watch, members: 4, visitors: 2 });
  try {
    const foundDown = /does not answer \(([^)]+)\)/.exec(run.promoteOutput)?.[1];
    const detectedMs = foundDown ? Date.parse(foundDown) - run.killedAt : NaN;
    // From "found down" to its own /healthz: the settle wait (2 s), the restore, the server's start.
    const upAfter = /answers on \S+, ([\d.]+) s after/.exec(run.promoteOutput)?.[1] ?? "?";
    const acked = run.writes.filter((w) => w.acknowledged);
    const lost = acked.filter((w) => !run.standbyContents.has(w.content)).length;
    const retry = run.writes.filter((w) => !w.acknowledged && w.status === 503 && w.retryAfter).length;
    const otherWrites = run.writes.filter((w) => !w.acknowledged && !(w.status === 503 && w.retryAfter)).length;
    const longestRefusal = Math.max(0, ...run.writes.filter((w) => !w.acknowledged).map((w) => w.endedAt - w.startedAt));
    const served = run.reads.filter((r) => r.status === 200).length;
    const stale = run.reads.filter((r) => r.status === 200 && r.cache === "STALE").length;
    const toFirst = run.firstStandbyWriteAt ? ((run.firstStandbyWriteAt - run.killedAt) / 1000).toFixed(1) : "never";
    rows.push(
      `| ${name} | ${toFirst} | ${(detectedMs / 1000).toFixed(1)} | ${upAfter} | ${acked.length} | ${lost} | ${retry} | ${otherWrites} | ${longestRefusal} | ${served} (${stale} stale) | ${run.reads.length - served} |`,
    );
    process.stderr.write(`${rows.at(-1)}\n`);
  } finally {
    await run.stop();
  }
}
closeDb();
fs.rmSync(dir, { recursive: true, force: true });

const load = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(
  [
    `Failover on loopback, ${new Date().toISOString().slice(0, 16)}Z: 4 members writing comments (JSON and forms) and 2 visitors reading, through two nginx edges; load average at the end ${load}`,
    "",
    "| watcher | kill → first write on the standby, s | of which: until the watcher found it down, s | found down → the standby's server answers, s | writes acknowledged | acknowledged, lost | told to retry (503, Retry-After) | other write errors | longest refusal, ms | visitor requests served | visitor requests failed |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ].join("\n"),
);
