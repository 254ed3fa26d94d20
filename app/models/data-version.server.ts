import { getDb, type Db } from "#db/client.server.ts";

// What a process may keep in memory in front of the database, and how it knows it is still true.
//
// The data version changes whenever anything was committed to the database file since it was last
// read, by anyone: `PRAGMA data_version` moves when ANOTHER connection commits (another worker of
// WORKERS=N, a script), `total_changes()` when THIS connection changes rows. Reading both costs
// a few microseconds. A cache entry made at one version is true while the version stays the same:
// a write (ours or another worker's) is visible at the very next read, lag 0. Under steady writes
// entries simply get rebuilt; an entry may also be allowed to outlive the version by `staleMs`
// (then a write shows within staleMs, the bound its caller states).

const connections = new WeakMap<Db, { id: number; others: { get(): unknown }; mine: { get(): unknown } }>();
let connectionSerial = 0;

function versionStatements(db: Db) {
  let entry = connections.get(db);
  if (!entry) {
    entry = {
      // A new connection (tests, a restore) never shares a version with an old one.
      id: ++connectionSerial,
      others: db.$client.prepare("PRAGMA data_version").pluck(),
      mine: db.$client.prepare("SELECT total_changes()").pluck(),
    };
    connections.set(db, entry);
  }
  return entry;
}

/** A value that changes whenever the database's content may have changed (see above). */
export function dataVersion(): string {
  const q = versionStatements(getDb());
  return `${q.id}:${q.others.get()}:${q.mine.get()}`;
}

/** The caches' clock (tests move it instead of sleeping). */
export const cacheClock = { now: (): number => Date.now() };

type Entry<V> = { version: string; at: number; value: V; weight: number };

/**
 * An in-process LRU of values computed from the database, each valid while the data version is the
 * one it was made at (or, with `staleMs`, for that long after it was made whatever happened since).
 * Bounded by `maxWeight` (the sum of `weigh(value)`, 1 per entry by default).
 */
export function versionedCache<K, V>({
  maxWeight,
  weigh = () => 1,
  staleMs = 0,
}: {
  maxWeight: number;
  weigh?: (value: V) => number;
  staleMs?: number;
}) {
  const entries = new Map<K, Entry<V>>();
  let total = 0;
  const drop = (key: K, entry: Entry<V>) => {
    entries.delete(key);
    total -= entry.weight;
  };
  return {
    get(key: K, compute: () => V): V {
      const version = dataVersion();
      const now = cacheClock.now();
      const hit = entries.get(key);
      if (hit && (hit.version === version || now - hit.at < staleMs)) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      if (hit) drop(key, hit);
      const value = compute();
      // Inside a write transaction the rows read may never be committed: not kept.
      if (getDb().$client.inTransaction) return value;
      const weight = weigh(value);
      if (weight > maxWeight) return value;
      entries.set(key, { version, at: now, value, weight });
      total += weight;
      for (const [k, e] of entries) {
        if (total <= maxWeight) break;
        drop(k, e);
      }
      return value;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
      total = 0;
    },
  };
}
