import path from "node:path";
import Database from "better-sqlite3";
import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import { Problem } from "~/lib/problem.ts";
import { getEnv } from "./env.server.ts";

// Every limit of the site, on rate-limiter-flexible with its SQLite store: the counters live in a
// file of their own beside the database (rate-limits.db), so several workers share one budget and
// a limiter write never waits for the database's write lock. RATE_LIMIT=off turns all of it off.
//
// Budgets (docs/product.md §9): account actions RATE_LIMIT per client address (default 10 a minute;
// failed sign-ins per account and network: sign-in-limits.server.ts; mail per address: mail-cap.server.ts);
// YouTube lookups six times that per member; writes per member and, three times as much, per address:
//   toggle  (votes, saves, follows, notification reads, deletions, profile edits)             120 a minute
//   comment (comments and replies)                                                              20 in 5 minutes
//   post    (shares)                                                                            10 an hour
//   report  (reports and appeals)                                                               20 an hour
//   moderate (a moderator's or an admin's actions: the queue, removals, suspensions, roles)      120 a minute

export type LimitedAction = "login" | "register" | "forgot-password" | "reset-password" | "demo-login";
/** "follow" spends the toggle budget; a new account has a follow budget of its own beside it. */
export type WriteKind = "toggle" | "follow" | "comment" | "post" | "report" | "moderate";
type BudgetKind = Exclude<WriteKind, "follow">;

export const WRITE_BUDGETS: Record<BudgetKind, { points: number; seconds: number }> = {
  toggle: { points: 120, seconds: 60 },
  comment: { points: 20, seconds: 300 },
  post: { points: 10, seconds: 3600 },
  report: { points: 20, seconds: 3600 },
  // Moderation spends a budget of its own (decision 0221): a busy hour in the queue never empties
  // the moderator's own votes and saves, and a member's clicks never stop a moderator's work.
  moderate: { points: 120, seconds: 60 },
};
/** An address may hold several members (a household, an office): it gets three members' budget. */
export const PER_ADDRESS_FACTOR = 3;

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number; message: string; limit: number };

/** Parses RATE_LIMIT: "off" → null, "10/60" → 10 attempts per 60 seconds. */
export function parseRateLimit(value: string): { limit: number; windowMs: number } | null {
  if (value === "off") return null;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  if (!match) return null;
  const limit = Number(match[1]);
  const seconds = Number(match[2]);
  if (limit < 1 || seconds < 1) return null;
  return { limit, windowMs: seconds * 1000 };
}

let store: Database.Database | undefined;
function storeClient(): Database.Database {
  if (!store) {
    const file = path.join(path.dirname(path.resolve(getEnv().DATABASE_PATH)), "rate-limits.db");
    store = new Database(file);
    store.pragma("journal_mode = WAL");
    // Counters may be lost in a crash: no fsync.
    store.pragma("synchronous = OFF");
    store.pragma("busy_timeout = 2000");
    // The library's own table, made here (synchronously) so the first request finds it.
    store.exec("CREATE TABLE IF NOT EXISTS rate_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)");
  }
  return store;
}

const limiters = new Map<string, RateLimiterSQLite | null>();
/** One limiter per budget (key prefix), created on first use; null when limits are off. */
export function limiter(name: string, budget: () => { points: number; seconds: number } | null): RateLimiterSQLite | null {
  if (!limiters.has(name)) {
    const config = parseRateLimit(getEnv().RATE_LIMIT) ? budget() : null;
    limiters.set(
      name,
      config
        ? new RateLimiterSQLite({ storeClient: storeClient(), storeType: "better-sqlite3", tableName: "rate_limits", tableCreated: true, keyPrefix: name, points: config.points, duration: config.seconds })
        : null,
    );
  }
  return limiters.get(name)!;
}

const onceOnly = new Map<string, RateLimiterSQLite>();
/**
 * Whether `key` passes for the first time within `seconds` (a form stamp's id: bot-trap.server.ts):
 * false when it already did. Not a limit, so RATE_LIMIT=off leaves it on; kept in the same store.
 */
export async function firstUse(name: string, key: string, seconds: number): Promise<boolean> {
  let rl = onceOnly.get(name);
  if (!rl) {
    rl = new RateLimiterSQLite({ storeClient: storeClient(), storeType: "better-sqlite3", tableName: "rate_limits", tableCreated: true, keyPrefix: `once-${name}`, points: 1, duration: seconds });
    onceOnly.set(name, rl);
  }
  try {
    await rl.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

export function waitMessage(seconds: number, what = "attempts") {
  return `Too many ${what}. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

/** Refusals since start, by limiter (`login`, `write-comment-user` …): what /metrics reports (server/metrics.js). */
export const rateLimitRefusals = new Map<string, number>();

/** Spends one point of `key` on `rl`; the refusal, or null when it may go ahead. */
export async function spend(rl: RateLimiterSQLite | null, key: string, what?: string): Promise<RateLimitResult> {
  if (!rl) return { ok: true };
  try {
    await rl.consume(key);
    return { ok: true };
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    rateLimitRefusals.set(rl.keyPrefix, (rateLimitRefusals.get(rl.keyPrefix) ?? 0) + 1);
    const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    return { ok: false, retryAfterSeconds, message: waitMessage(retryAfterSeconds, what), limit: rl.points };
  }
}

/** A refusal as a Problem("too_many") carrying its wait, for the JSON and form mappers. */
export class TooManyRequests extends Problem {
  constructor(readonly result: Extract<RateLimitResult, { ok: false }>) {
    super("too_many", result.message, { headers: rateLimitHeaders(result) });
  }
}

/** Retry-After and the RateLimit-* fields (draft-ietf-httpapi-ratelimit-headers) of a refusal. */
function rateLimitHeaders(result: Extract<RateLimitResult, { ok: false }>): Record<string, string> {
  const reset = String(result.retryAfterSeconds);
  return { "Retry-After": reset, "RateLimit-Limit": String(result.limit), "RateLimit-Remaining": "0", "RateLimit-Reset": reset };
}

/** Counts one attempt of an account action from `clientIp` against the RATE_LIMIT budget. */
function checkRateLimit(action: LimitedAction, clientIp: string | undefined): Promise<RateLimitResult> {
  const rl = limiter("account", () => {
    const config = parseRateLimit(getEnv().RATE_LIMIT)!;
    return { points: config.limit, seconds: config.windowMs / 1000 };
  });
  return spend(rl, `${action}:${clientIp || "unknown"}`);
}

/** For JSON endpoints: throws TooManyRequests when `clientIp` is over the account-action budget. */
export async function enforceRateLimit(action: LimitedAction, clientIp: string | undefined) {
  const result = await checkRateLimit(action, clientIp);
  if (!result.ok) throw new TooManyRequests(result);
}

/**
 * YouTube lookups through the JSON API, per member: six times the RATE_LIMIT budget (a lookup is a
 * normal part of sharing). Each one spends the site's daily quota.
 */
export async function enforceLookupLimit(userId: number) {
  const rl = limiter("lookup", () => {
    const config = parseRateLimit(getEnv().RATE_LIMIT)!;
    return { points: config.limit * 6, seconds: config.windowMs / 1000 };
  });
  const result = await spend(rl, `lookup:${userId}`);
  if (!result.ok) throw new TooManyRequests(result);
}

/** One write of `kind` by a member (or a visitor) from an address: throws TooManyRequests when over budget. */
export async function limitWrite(writeKind: WriteKind, { userId, ip }: { userId: number | null | undefined; ip: string | undefined }) {
  const kind: BudgetKind = writeKind === "follow" ? "toggle" : writeKind;
  const budget = WRITE_BUDGETS[kind];
  if (userId) {
    const result = await spend(limiter(`write-${kind}-user`, () => budget), String(userId), "requests");
    if (!result.ok) throw new TooManyRequests(result);
  }
  const perAddress = { points: budget.points * PER_ADDRESS_FACTOR, seconds: budget.seconds };
  const result = await spend(limiter(`write-${kind}-ip`, () => perAddress), ip || "unknown", "requests");
  if (!result.ok) throw new TooManyRequests(result);
}

/** A route `headers` export that passes a page action's Retry-After on to the document response. */
export function retryAfterDocumentHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

