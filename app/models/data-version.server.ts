import { getDb, type Db } from "#db/client.server.ts";
import { memoEnabled } from "~/integrations/env.server.ts";
import { deepFreeze } from "~/lib/frozen.ts";
import { computeFor, declareCache, noteLagging, WATCH_SPEC, type CacheName } from "./cache-registry.server.ts";

// What a process may keep in memory in front of the database, and how it knows it is still true.
//
// Two signals, read in a few microseconds:
//  - this process's own writes, per table: temporary triggers on the watched tables (made on this
//    connection when a cache first watches them) bump a counter in memory on every row inserted,
//    updated or deleted, cascades included. A cache entry is dropped at the next read after a write
//    to one of its tables by this worker: lag 0.
//  - everyone else's: `PRAGMA data_version` moves when ANOTHER connection commits (another worker
//    of WORKERS=N, a script). It cannot say which table, so any such commit counts; an entry may be
//    allowed to outlive it by `staleMs` (then another worker's write shows within staleMs, the
//    bound each cache states where it is made; 0 means at the next read).

type Connection = {
  id: number;
  dataVersion: { get(): unknown };
  totalChanges: { get(): unknown };
  epochs: Map<string, number>;
  /** Rows this connection wrote that only one member's own pages depend on (notePersonalWrite). */
  personal: number;
  /** Those rows by member, and a generation that moves when the map is cleared (it is bounded). */
  byMember: Map<number, number>;
  generation: number;
};
const connections = new WeakMap<Db, Connection>();
let connectionSerial = 0;

function connection(db: Db): Connection {
  let entry = connections.get(db);
  if (!entry) {
    const epochs = new Map<string, number>();
    db.$client.function("chortle_table_changed", { deterministic: false }, (spec) => {
      epochs.set(String(spec), (epochs.get(String(spec)) ?? 0) + 1);
      return null;
    });
    entry = {
      // A new connection (tests, a restore) never shares a version with an old one.
      id: ++connectionSerial,
      dataVersion: db.$client.prepare("PRAGMA data_version").pluck(),
      totalChanges: db.$client.prepare("SELECT total_changes()").pluck(),
      epochs,
      personal: 0,
      byMember: new Map(),
      generation: 0,
    };
    connections.set(db, entry);
  }
  return entry;
}

/**
 * Starts counting this connection's writes to a table (once per connection and spec): `"comments"`
 * (every insert, update, delete) or `"users:username,display_name"` (inserts, deletes and updates
 * of those columns only).
 */
function watch(db: Db, conn: Connection, spec: string) {
  if (conn.epochs.has(spec)) return;
  const match = WATCH_SPEC.exec(spec);
  if (!match) throw new Error(`Not a table to watch: ${spec}`);
  const [, table, columns] = match;
  const name = `chortle_watch_${spec.replace(/[:,]/g, "_")}`;
  for (const op of ["INSERT", "UPDATE", "DELETE"]) {
    const event = op === "UPDATE" && columns ? `UPDATE OF ${columns}` : op;
    db.$client.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS ${name}_${op.toLowerCase()} AFTER ${event} ON main.${table} BEGIN SELECT chortle_table_changed('${spec}'); END`,
    );
  }
  conn.epochs.set(spec, 0);
}

// Read once per turn of the event loop: every cache asked while one request's code runs shares it
// (a commit by another process in between is seen a moment later, as if the reads came first).
// Any request that follows another process's commit arrives as a new event, after the memo is gone.
let othersMemo: string | undefined;
let memoConnection: Connection | undefined;
function othersVersion(conn: Connection): string {
  if (othersMemo === undefined || memoConnection !== conn) {
    memoConnection = conn;
    othersMemo = `${conn.id}:${conn.dataVersion.get()}`;
    queueMicrotask(() => {
      othersMemo = undefined;
    });
  }
  return othersMemo;
}

/** Where the data stands: `local` moves with this process's writes to `tables`, `others` with anyone else's commits. */
export function dataVersion(tables: readonly string[]): { local: string; others: string } {
  const db = getDb();
  const conn = connection(db);
  let sum = 0;
  for (const table of tables) {
    watch(db, conn, table);
    sum += conn.epochs.get(table)!;
  }
  return { local: `${conn.id}:${sum}`, others: othersVersion(conn) };
}

/**
 * Where the whole database stands: moves with every row this process inserts, updates or deletes
 * (SQLite's total_changes(), no trigger needed), except the rows only one member's pages depend on
 * (notePersonalWrite: memberVersion moves for those), and with every commit by anyone else.
 */
export function databaseVersion(): { local: string; others: string } {
  const conn = connection(getDb());
  return { local: `${conn.id}:${Number(conn.totalChanges.get()) - conn.personal}`, others: othersVersion(conn) };
}

/** Members whose personal writes are counted one by one; past it the count starts over (a new generation). */
const MAX_MEMBERS_COUNTED = 50_000;

/**
 * `rows` rows just written by one statement of this connection (its own changes, as SQLite counts
 * them in total_changes()) that only `userId`'s own pages read: the posts they have read ('Hide what
 * I've read', decision 0165). They move memberVersion(userId), not databaseVersion: a member opening a
 * post does not make every page of the site again.
 */
export function notePersonalWrite(userId: number, rows: number) {
  if (rows <= 0) return;
  const conn = connection(getDb());
  conn.personal += rows;
  if (!conn.byMember.has(userId) && conn.byMember.size >= MAX_MEMBERS_COUNTED) {
    conn.byMember.clear();
    conn.generation++;
  }
  conn.byMember.set(userId, (conn.byMember.get(userId) ?? 0) + rows);
}

/** Where `userId`'s personal rows stand (this connection's writes); another process's show in databaseVersion's `others`. */
export function memberVersion(userId: number): string {
  const conn = connection(getDb());
  return `${conn.id}:${conn.generation}:${conn.byMember.get(userId) ?? 0}`;
}

/** How many personal rows this connection has written (moves when anyone's do). */
export function personalWrites(): string {
  const conn = connection(getDb());
  return `${conn.id}:${conn.personal}`;
}

/** Whether anything may be kept between requests: MEMO (env.server.ts), the switch every memo and cache obeys. */
export const memoOn: () => boolean = memoEnabled;

/** The caches' clock (tests move it instead of sleeping). */
export const cacheClock = { now: (): number => Date.now() };

type Entry<V> = { local: string; others: string; at: number; value: V; weight: number };

export type CacheOptions<V> = {
  /** The cache's name (unique: see `CacheName`). */
  name: CacheName;
  /** What the value is read from (see `watch`); the test of `CacheName` checks it. */
  tables: readonly string[];
  maxWeight: number;
  weigh?: (value: V) => number;
  /** How long an entry may outlive another worker's commit (0: not at all). */
  staleMs?: number;
  /** How long an entry may outlive this worker's own writes to `tables` (0: not at all). */
  localStaleMs?: number;
  /** For values that depend on the clock too (a week that moves): made again after this long. */
  maxAgeMs?: number;
  /** Deep-freeze what is kept (plain data handed to every request: see lib/frozen.ts). */
  freeze?: boolean;
};

/** A cache in this process's memory, declared by its name and tables (see `CacheName`). */
export function versionedCache<K, V>(options: CacheOptions<V>) {
  declareCache({ name: options.name, tables: options.tables, staleMs: options.staleMs ?? 0, localStaleMs: options.localStaleMs ?? 0, kind: "memory" });
  return undeclaredCache<K, V>(options);
}

/**
 * An in-process LRU of values computed from `tables`. An entry is valid while this worker has not
 * written to those tables (or for `localStaleMs`) and no other connection has committed (or for
 * `staleMs`), and never longer than `maxAgeMs`. Bounded by `maxWeight` (the sum of `weigh(value)`,
 * 1 per entry by default). Not in the registry: for the tests of the mechanism (the site's caches are
 * made by `versionedCache`).
 */
/** Each cache's lookups since start, by name (what /metrics reports: server/metrics.js); MEMO=off counts none. */
export const cacheLookups = new Map<string, { hits: number; misses: number }>();

export function undeclaredCache<K, V>({
  name,
  tables,
  maxWeight,
  weigh = () => 1,
  staleMs = 0,
  localStaleMs = 0,
  maxAgeMs = Number.POSITIVE_INFINITY,
  freeze = false,
}: CacheOptions<V>) {
  const make = (compute: () => V) => (freeze ? deepFreeze(computeFor(name, compute)) : computeFor(name, compute));
  const entries = new Map<K, Entry<V>>();
  const lookups = cacheLookups.get(name) ?? { hits: 0, misses: 0 };
  cacheLookups.set(name, lookups);
  let total = 0;
  const drop = (key: K, entry: Entry<V>) => {
    entries.delete(key);
    total -= entry.weight;
  };
  return {
    get(key: K, compute: () => V): V {
      // MEMO=off: made afresh every time (frozen all the same, so a caller that changes it fails alike).
      if (!memoEnabled()) return make(compute);
      const { local, others } = dataVersion(tables);
      const now = cacheClock.now();
      const hit = entries.get(key);
      if (hit) {
        const age = now - hit.at;
        if (age < maxAgeMs && (hit.local === local || age < localStaleMs) && (hit.others === others || age < staleMs)) {
          // Given though a write came after it (within the lag): a page made from it is kept no longer.
          if (hit.local !== local || hit.others !== others) {
            noteLagging(hit.at + Math.min(hit.local === local ? Infinity : localStaleMs, hit.others === others ? Infinity : staleMs));
          }
          entries.delete(key);
          entries.set(key, hit);
          lookups.hits++;
          return hit.value;
        }
        drop(key, hit);
      }
      lookups.misses++;
      const value = make(compute);
      // Inside a write transaction the rows read may never be committed: not kept.
      if (getDb().$client.inTransaction) return value;
      const weight = weigh(value);
      if (weight > maxWeight) return value;
      entries.set(key, { local, others, at: now, value, weight });
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
