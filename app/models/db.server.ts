import { getDb, type Db } from "#db/client.server.ts";

// The models' two tools for the database: statements prepared once per connection, and write
// transactions whose boundaries a reader can see.

/** The handle a write transaction gives its callback (the same API as the database). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One write, all or nothing: `BEGIN IMMEDIATE` (the write lock is taken at the start, so two writers
 * never deadlock on an upgrade; busy_timeout waits for it), `fn`, `COMMIT`; a throw (a Problem too)
 * rolls it back. Model helpers called inside run in it: there is one connection per process.
 */
export function writeTransaction<T>(fn: (tx: Tx) => T): T {
  return getDb().transaction(fn, { behavior: "immediate" });
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
