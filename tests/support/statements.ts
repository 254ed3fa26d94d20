// Which SQL statements a piece of code runs, whatever prepared them (Drizzle, better-sqlite3's own
// transaction statements): better-sqlite3's Statement methods are wrapped while `fn` runs.
import { getDb } from "#db/client.server.ts";

type Method = (...args: unknown[]) => unknown;
const METHODS = ["all", "get", "run", "iterate"] as const;

/** Runs `fn` (awaited) and returns its result with the source of every statement it ran, in order. */
export async function recordStatements<T>(fn: () => T | Promise<T>): Promise<{ result: T; statements: string[] }> {
  const proto = Object.getPrototypeOf(getDb().$client.prepare("SELECT 1")) as Record<(typeof METHODS)[number], Method>;
  const originals = Object.fromEntries(METHODS.map((name) => [name, proto[name]])) as Record<(typeof METHODS)[number], Method>;
  const statements: string[] = [];
  for (const name of METHODS) {
    proto[name] = function (this: { source: string }, ...args: unknown[]) {
      statements.push(this.source);
      return originals[name].apply(this, args);
    };
  }
  try {
    return { result: await fn(), statements };
  } finally {
    Object.assign(proto, originals);
  }
}
