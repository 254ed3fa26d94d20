// Every cache kept in front of the database, by name, with the tables it reads (checked by
// app/models/cache-reads.test.ts), and the log of values given while they may lag, which the answer
// memo reads so that no page outlives a cache's lag (decision 0045). The caches themselves are
// data-version.server.ts's `versionedCache` and rollup.server.ts's rows.

/** What a cache may watch: `"comments"`, or `"users:username,display_name"` (updates of those columns only). */
export const WATCH_SPEC = /^([a-z_]+)(?::([a-z_]+(?:,[a-z_]+)*))?$/;

/**
 * Every cache kept in front of the database, by a short stable name (a page will say which it reads).
 * Each is declared once where it is made (`versionedCache`, `rollup.server.ts`), with the tables it
 * reads; `app/models/cache-reads.test.ts` runs every one and fails when it reads a table its
 * declaration does not name, or when a declared cache is not run.
 */
export type CacheName =
  | "post-lists"
  | "post"
  | "posts-by-ids"
  | "search-text"
  | "search-counts"
  | "member-search"
  | "thread"
  | "blocked"
  | "mutes"
  | "session"
  | "week-sidebar"
  | "top-contributors";

export type CacheDeclaration = {
  name: CacheName;
  /** What the value is read from (see `watch`): a write to one of these drops it. */
  tables: readonly string[];
  /** How long it may show what was before another process's commit. */
  staleMs: number;
  /** How long it may show what was before this process's own write. */
  localStaleMs: number;
  /** In this process's memory (`versionedCache`), or rows of the rollups table (`rollup.server.ts`). */
  kind: "memory" | "rollup";
};

const registry = new Map<CacheName, CacheDeclaration>();
/** Every cache declared so far (once its module is loaded), by name. */
export const cacheRegistry: ReadonlyMap<CacheName, CacheDeclaration> = registry;

let longestStale = 0;
/** The longest any cache declared so far may show what was before another process's commit (its staleMs). */
export function longestStaleMs(): number {
  return longestStale;
}

/** Names a cache and what it reads (once per name; a dev server's reload of its module may declare it again). */
export function declareCache(declaration: CacheDeclaration) {
  if (registry.has(declaration.name) && process.env.NODE_ENV !== "development") {
    throw new Error(`Two caches are named ${declaration.name}`);
  }
  for (const spec of declaration.tables) if (!WATCH_SPEC.test(spec)) throw new Error(`Not a table to watch: ${spec}`);
  registry.set(declaration.name, declaration);
  longestStale = Math.max(longestStale, declaration.staleMs);
}

type Computation = <T>(name: CacheName, compute: () => T) => T;
let tracer: Computation | null = null;
/** For tests (models/cache-reads.test.ts): every computation of a declared cache runs through `trace`. */
export function traceComputations(trace: Computation | null) {
  tracer = trace;
}
/** Runs a cache's computation (through the tests' tracer when one is set). */
export function computeFor<T>(name: CacheName, compute: () => T): T {
  return tracer ? tracer(name, compute) : compute();
}

// Values given while they may lag (a cache's entry older than a write, within its stated lag), and
// until when each may be given: the answer memo keeps no page made from one past that time
// (pipeline/answer-memo.server.ts). A short log: most requests note nothing; one that notes the
// same deadline again moves that note (serials only grow); a mark older than the log is "unknown".
const LAG_LOG_MAX = 64;
const lagLog: { serial: number; until: number }[] = [];
let lagSerial = 0;
let lagForgotten = 0;

/** Something read now may show what was before a write until `until` (the caches' clock). */
export function noteLagging(until: number) {
  const last = lagLog.at(-1);
  if (last?.until === until) {
    last.serial = ++lagSerial;
    return;
  }
  lagLog.push({ serial: ++lagSerial, until });
  if (lagLog.length > LAG_LOG_MAX) lagForgotten = lagLog.shift()!.serial;
}

/** Where the log of lagging values stands (take it before reading, pass it to `laggingSince`). */
export function lagMark(): number {
  return lagSerial;
}

/**
 * Until when what was read since `mark` may lag: the earliest deadline noted since (Infinity when
 * nothing lagging was given, -Infinity when the log no longer says).
 */
export function laggingSince(mark: number): number {
  if (lagForgotten > mark) return Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (let i = lagLog.length - 1; i >= 0 && lagLog[i].serial > mark; i--) until = Math.min(until, lagLog[i].until);
  return until;
}
