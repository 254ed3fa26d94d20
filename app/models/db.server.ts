import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb, type Db } from "#db/client.server.ts";

// The models' tools for the database: write transactions whose boundaries a reader can see
// (writeTransaction), group commit for the hottest write (groupCommit), and statements prepared once
// per connection (prepared, and preparedFor when the query's shape depends on the input).

/** The handle a write transaction gives its callback (the same API as the database). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The database or a transaction on it: what a write that may run inside another one takes. */
export type DbOrTx = Db | Tx;

/**
 * One write, all or nothing: `BEGIN IMMEDIATE` (the write lock is taken at the start, so two writers
 * never deadlock on an upgrade; busy_timeout waits for it), `fn`, `COMMIT`; a throw (a Problem too)
 * rolls it back. Model helpers called inside run in it: there is one connection per process.
 */
export function writeTransaction<T>(fn: (tx: Tx) => T): T {
  try {
    return getDb().transaction(fn, { behavior: "immediate" });
  } catch (error) {
    countBusy(error);
    throw error;
  }
}

/**
 * Writes that gave up because another connection held the database past busy_timeout (SQLITE_BUSY,
 * SQLITE_LOCKED), since start: what /metrics reports (server/metrics.js). SQLite's busy handler
 * retries inside one call; better-sqlite3 does not tell how often, so this counts the give-ups.
 */
export const sqliteBusy = { writes: 0 };
function countBusy(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(code)) sqliteBusy.writes++;
}

/** Writes waiting for the next group commit (a queue length /metrics reports). */
export function queuedWrites(): number {
  return queued.length;
}

/**
 * Statements prepared once per connection (Drizzle's `.prepare()` with `sql.placeholder`), for the
 * hot paths: building and preparing a query costs ten times more than running it. Run inside
 * `writeTransaction(…)` they are part of that transaction.
 */
export function prepared<T>(build: (db: Db) => T): () => T {
  const cache = new WeakMap<Db, T>();
  return () => {
    const db = getDb();
    let statements = cache.get(db);
    if (!statements) {
      statements = build(db);
      cache.set(db, statements);
    }
    return statements;
  };
}

/**
 * `value IN (the placeholder's JSON array)`: a list of any length as one parameter of a prepared
 * statement (pass `JSON.stringify(list)`), so one statement serves every length.
 */
export function inJsonArray(value: SQLWrapper, placeholder: string): SQL {
  return sql`${value} IN (SELECT value FROM json_each(${sql.placeholder(placeholder)}))`;
}

const keyed = new WeakMap<Db, Map<string, unknown>>();
/**
 * The same, for queries whose shape depends on the input (a feed's sort and time range): one
 * prepared statement per `key`, kept for the connection's life.
 */
export function preparedFor<T>(key: string, make: () => T): T {
  const db = getDb();
  let cache = keyed.get(db);
  if (!cache) keyed.set(db, (cache = new Map()));
  let statement = cache.get(key) as T | undefined;
  if (statement === undefined) {
    statement = make();
    cache.set(key, statement);
  }
  return statement;
}

type QueuedWrite = { write: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void };
let queued: QueuedWrite[] = [];

/**
 * Group commit: `write` (what `writeTransaction` would run) shares one
 * `BEGIN IMMEDIATE … COMMIT` with the other writes queued in the same turn of the event loop. Each
 * runs in its own savepoint, in the order queued: one that throws is rolled back alone and its
 * promise rejects with that error; the others commit. A commit that fails rejects them all.
 *
 * Under load the hottest write (a vote) pays one commit per group instead of one each: the pages a
 * commit writes to the WAL (and later copies and syncs at the checkpoint) are written once for the
 * group, however many of its writes touched them. Alone, a write waits for nothing but the end of
 * the current turn (setImmediate).
 */
export function groupCommit<T>(write: () => T): Promise<T> {
  // It commits later, on its own: inside another write it would escape that write's transaction.
  if (getDb().$client.inTransaction) throw new Error("groupCommit cannot run inside a transaction.");
  return new Promise<T>((resolve, reject) => {
    queued.push({ write, resolve: resolve as (value: unknown) => void, reject });
    if (queued.length === 1) setImmediate(commitQueued);
  });
}

function commitQueued() {
  const group = queued;
  queued = [];
  if (group.length === 1) {
    // Alone: its own transaction, no savepoint.
    const [{ write, resolve, reject }] = group;
    try {
      resolve(writeTransaction(write));
    } catch (error) {
      reject(error);
    }
    return;
  }
  const outcomes: ({ value: unknown } | { error: unknown })[] = [];
  try {
    writeTransaction(() => {
      for (const { write } of group) {
        let outcome: (typeof outcomes)[number];
        try {
          outcome = { value: writeTransaction(write) }; // nested: a savepoint
        } catch (error) {
          outcome = { error };
        }
        outcomes.push(outcome);
        // SQLite ends the whole transaction on some errors (I/O, a full disk): stop, reject them all.
        if (!getDb().$client.inTransaction) throw "error" in outcome ? outcome.error : new Error("The transaction ended early.");
      }
    });
  } catch (error) {
    for (const { reject } of group) reject(error);
    return;
  }
  group.forEach(({ resolve, reject }, i) => {
    const outcome = outcomes[i];
    if ("error" in outcome) reject(outcome.error);
    else resolve(outcome.value);
  });
}
