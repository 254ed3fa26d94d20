// What the sidebar aggregates cost a page that no memo answers: `node --import tsx bench/sidebar.ts [db]`.
// On a copy of the large dataset (bench/.data/large.db is never written: it is copied to
// bench/.data/sidebar.db unless a file is given), migrated, with MEMO=off: the CPU time per call of
// categoryCounts(), topContributorsThisWeek(5) and (4), the mean of CALLS (50; the slow queries never
// more) after five to warm up; then what a refresh of the top contributors costs (the ranking made
// again, and its row written when it changed). Run on a build before the rollups, it measures the
// queries that every call then ran.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const source = path.join(ROOT, "bench/.data/large.db");
const file = process.argv[2] ?? path.join(ROOT, "bench/.data/sidebar.db");
if (!process.argv[2]) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  fs.copyFileSync(source, file);
}
process.env.DATABASE_PATH = file;
process.env.MEMO = "off";
process.env.SEED_DEMO = "false";
const CALLS = Number(process.env.CALLS ?? 50);

const { getDb, migrate } = await import("#db/client.server.ts");
let t = performance.now();
migrate(getDb());
console.log(`migrations: ${(performance.now() - t).toFixed(0)} ms`);
const sidebar = await import("~/models/post/week-sidebar.server.ts");
const rankings = await import("~/models/post/rankings.server.ts");

// CPU time of this process (user + system), so that a busy machine's waits do not count; wall time beside it.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function perCall(name: string, call: () => unknown, calls = CALLS) {
  for (let i = 0; i < 5; i++) call();
  const cpu = cpuMs();
  const start = performance.now();
  for (let i = 0; i < calls; i++) call();
  const wall = (performance.now() - start) / calls;
  console.log(`${name.padEnd(36)} ${((cpuMs() - cpu) / calls).toFixed(3)} ms CPU/call (wall ${wall.toFixed(3)}, ${calls} calls)`);
}

perCall("categoryCounts()", () => sidebar.categoryCounts());
perCall("topContributorsThisWeek(5)", () => sidebar.topContributorsThisWeek(5));
perCall("topContributorsThisWeek(4)", () => sidebar.topContributorsThisWeek(4));
perCall("topPostsThisWeek()", () => sidebar.topPostsThisWeek());
// What every call cost before (MEMO=off): the queries themselves.
perCall("listTopContributors (the query)", () => rankings.listTopContributors({ limit: 5 }), Math.min(CALLS, 50));
const groupBy = getDb().$client.prepare("SELECT category, count(*) AS n FROM posts GROUP BY category");
perCall("posts GROUP BY category (the count)", () => groupBy.all(), Math.min(CALLS, 50));

// The refresh, paid by one reader per LAG_MS (per process while the ranking stays the same; once for
// all of them when it changed): made again and left alone, then made again and written.
const rollups = await import("~/models/rollup.server.ts").catch(() => null);
if (rollups) {
  const sqlite = getDb().$client;
  const age = sqlite.prepare("UPDATE rollups SET made_at = 0 WHERE name LIKE 'top-contributors-week:%'");
  const change = sqlite.prepare("UPDATE rollups SET data = '[]', made_at = 0 WHERE name LIKE 'top-contributors-week:%'");
  const refresh = (prepare: { run(): unknown }) => {
    let cpu = 0;
    for (let i = 0; i < 10; i++) {
      prepare.run();
      rollups.forgetRollupChecks();
      const start = cpuMs();
      sidebar.topContributorsThisWeek(5);
      cpu += cpuMs() - start;
    }
    return (cpu / 10).toFixed(3);
  };
  console.log(`${"refresh, ranking unchanged".padEnd(36)} ${refresh(age)} ms CPU (no write)`);
  console.log(`${"refresh, ranking changed".padEnd(36)} ${refresh(change)} ms CPU (with its write)`);
  console.log(`at most one refresh per ${rollups.ROLLUP_LAG_MS / 1000} s per process`);
}
