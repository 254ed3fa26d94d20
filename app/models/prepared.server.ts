import { getDb, type Db } from "#db/client.server.ts";

/**
 * Statements prepared once per connection (Drizzle's `.prepare()` with `sql.placeholder`), for the
 * hot write paths: building and preparing a query costs ten times more than running it. There is
 * one connection, so run inside `getDb().transaction(…)` they are part of that transaction.
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
