import { getEnv } from "./env.server.ts";
import { jsonError } from "./http.server.ts";

/** The account actions that are limited per client address (pages and API share one budget). */
export type LimitedAction = "login" | "register" | "forgot-password" | "reset-password" | "demo-login";

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number; message: string };

type Window = { count: number; resetAt: number };

/**
 * A fixed-window counter per key, in memory (one server process; a restart forgets it).
 * `limit` attempts per `windowMs`; the attempt after that is refused until the window ends.
 */
export function createRateLimiter({ limit, windowMs, now = Date.now }: { limit: number; windowMs: number; now?: () => number }) {
  const windows = new Map<string, Window>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
  }

  return {
    /** Counts one attempt for `key` and says whether it may go ahead. */
    hit(key: string): RateLimitResult {
      const at = now();
      sweep(at);
      let w = windows.get(key);
      if (!w || w.resetAt <= at) {
        w = { count: 0, resetAt: at + windowMs };
        windows.set(key, w);
      }
      w.count++;
      if (w.count <= limit) return { ok: true };
      const retryAfterSeconds = Math.max(1, Math.ceil((w.resetAt - at) / 1000));
      return {
        ok: false,
        retryAfterSeconds,
        message: `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} and try again.`,
      };
    },
    reset() {
      windows.clear();
    },
  };
}

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

let limiter: ReturnType<typeof createRateLimiter> | null | undefined;

/** Counts one attempt of `action` from `clientIp` against the RATE_LIMIT budget. */
export function checkRateLimit(action: LimitedAction, clientIp: string | undefined): RateLimitResult {
  if (limiter === undefined) {
    const config = parseRateLimit(getEnv().RATE_LIMIT);
    limiter = config ? createRateLimiter(config) : null;
  }
  if (!limiter) return { ok: true };
  return limiter.hit(`${action}:${clientIp || "unknown"}`);
}

export function retryAfterHeaders(result: { retryAfterSeconds: number }): HeadersInit {
  return { "Retry-After": String(result.retryAfterSeconds) };
}

/** For JSON endpoints: throws a 429 {message} with Retry-After when `clientIp` is over the budget. */
export function enforceRateLimit(action: LimitedAction, clientIp: string | undefined) {
  const result = checkRateLimit(action, clientIp);
  if (!result.ok) throw jsonError(result.message, 429, retryAfterHeaders(result));
}

/** A route `headers` export that passes a page action's Retry-After on to the document response. */
export function retryAfterDocumentHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

let lookupLimiter: ReturnType<typeof createRateLimiter> | null | undefined;

/**
 * YouTube lookups through the JSON API, per member: six times the RATE_LIMIT budget (a lookup is a
 * normal part of sharing), off when RATE_LIMIT is off. Each one spends the site's daily quota.
 */
export function enforceLookupLimit(userId: number) {
  if (lookupLimiter === undefined) {
    const config = parseRateLimit(getEnv().RATE_LIMIT);
    lookupLimiter = config ? createRateLimiter({ limit: config.limit * 6, windowMs: config.windowMs }) : null;
  }
  const result = lookupLimiter?.hit(`lookup:${userId}`) ?? { ok: true as const };
  if (!result.ok) throw jsonError(result.message, 429, retryAfterHeaders(result));
}
