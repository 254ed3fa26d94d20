// Results no counter can keep (a ranking over a window that slides with the clock), kept as data in
// the rollups table (db/aggregate-schema.ts) and shared by every process: one computation serves all
// the workers. Not a memo: it is read from the database, so it behaves the same with MEMO=off.
//
// A rollup is made again by its query once its row is older than LAG_MS, by the first reader that
// finds it so (or finds no row). Its row is written only when the result changed, so that an
// unchanged ranking moves no data version (which would drop every answer the answer memo keeps); a
// process remembers when it last found the row still true, so that it does not make the same result
// again more than once per LAG_MS. Each process may thus make an unchanged result once per LAG_MS;
// a changed one is written and then serves them all.
//
// Lag: at most LAG_MS behind a write, own and others': a reader is served a result made (or found
// still true) less than LAG_MS ago. A row given while a table it is made from changed since (or
// made by another process) is noted as lagging until its LAG_MS ends, and the answer memo keeps no
// page made from it past then (data-version.server.ts, noteLagging).
import { getDb } from "#db/client.server.ts";
import { cacheClock, dataVersion } from "./data-version.server.ts";
import { computeFor, declareCache, noteLagging, type CacheName } from "./cache-registry.server.ts";
import { prepared, writeTransaction } from "./db.server.ts";

export const ROLLUP_LAG_MS = 5_000;

/** A rollup's name in the caches' registry and the tables its query reads (see `CacheName`). */
type RollupSource = { name: CacheName; tables: readonly string[] };

/** Declares a rollup (its lag is a cache's lag to the answer memo); returns its reader: `rollup` by key. */
export function declareRollup(source: RollupSource): <T>(key: string, make: () => T) => T {
  declareCache({ ...source, staleMs: ROLLUP_LAG_MS, localStaleMs: ROLLUP_LAG_MS, kind: "rollup" });
  return (key, make) => rollup(key, make, source);
}

const versionOf = (source: RollupSource | undefined) => {
  if (!source) return null;
  const { local, others } = dataVersion(source.tables);
  return `${local}|${others}`;
};

// How long the write of a changed row may wait for another writer: a reader must not stall behind a
// long write (busy_timeout is 5 s); if it cannot write now, a later reader will.
const WRITE_WAIT_MS = 100;

const statements = prepared((db) => ({
  read: db.$client.prepare<[string], { data: string; madeAt: number }>("SELECT data, made_at AS madeAt FROM rollups WHERE name = ?"),
  // A row already holding this result (another process was first) is left alone.
  write: db.$client.prepare<[string, string, number]>(
    `INSERT INTO rollups (name, data, made_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET data = excluded.data, made_at = excluded.made_at WHERE data IS NOT excluded.data`,
  ),
}));

// When this process last made each rollup (and found it, or wrote it, to be true then), and where
// the tables it reads stood before it was made.
const checkedAt = new Map<string, { at: number; version: string | null }>();

/** For tests: this process has not made any rollup yet. */
export function forgetRollupChecks() {
  checkedAt.clear();
}

/**
 * The rollup `name`: its row when made less than ROLLUP_LAG_MS ago (by any process), else `make()`
 * again, its row written when the result differs. `make` returns plain JSON data; the value returned
 * is the caller's own (parsed for each call). `source`: what it is declared to read (`declareRollup`;
 * without it, as in the tests of the mechanism, every row given is taken to lag).
 */
export function rollup<T>(name: string, make: () => T, source?: RollupSource): T {
  const now = cacheClock.now();
  const row = statements().read.get(name);
  const checked = checkedAt.get(name);
  if (row && (now - row.madeAt < ROLLUP_LAG_MS || now - (checked?.at ?? Number.NEGATIVE_INFINITY) < ROLLUP_LAG_MS)) {
    // Fresh only when this process made or found it true and nothing it reads was written since.
    if (checked?.version == null || checked.version !== versionOf(source)) noteLagging(Math.max(row.madeAt, checked?.at ?? 0) + ROLLUP_LAG_MS);
    return JSON.parse(row.data) as T;
  }
  const version = versionOf(source);
  const value = source ? computeFor(source.name, make) : make();
  const data = JSON.stringify(value);
  if (getDb().$client.inTransaction) return value; // read inside a write: it may roll back, and is not ours to commit
  // Remembered only when the row holds it: a row left older (its write failed) is not served for 5 s.
  if (row?.data === data || keep(name, data, now)) checkedAt.set(name, { at: now, version });
  return value;
}

/** Writes the row in its own short transaction; busy or read-only, it is left for a later reader (false). */
function keep(name: string, data: string, madeAt: number): boolean {
  const sqlite = getDb().$client;
  const wait = sqlite.pragma("busy_timeout", { simple: true }) as number;
  sqlite.pragma(`busy_timeout = ${WRITE_WAIT_MS}`);
  try {
    writeTransaction(() => statements().write.run(name, data, madeAt));
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (!(typeof code === "string" && /^SQLITE_(BUSY|LOCKED|READONLY)/.test(code))) throw error;
    return false;
  } finally {
    sqlite.pragma(`busy_timeout = ${wait}`);
  }
}
