import { describe, expect, it } from "vitest";
import { createRateLimiter, parseRateLimit } from "./rate-limit.server.ts";

describe("parseRateLimit", () => {
  it("reads 'N/SECONDS' and 'off'", () => {
    expect(parseRateLimit("10/60")).toEqual({ limit: 10, windowMs: 60_000 });
    expect(parseRateLimit("3/1")).toEqual({ limit: 3, windowMs: 1000 });
    expect(parseRateLimit("off")).toBeNull();
    expect(parseRateLimit("0/60")).toBeNull();
  });
});

describe("createRateLimiter", () => {
  it("allows `limit` attempts per window and key, then answers with the wait", () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => now });
    expect([1, 2, 3].map(() => limiter.hit("login:1.2.3.4").ok)).toEqual([true, true, true]);
    now += 15_000;
    const refused = limiter.hit("login:1.2.3.4");
    expect(refused).toEqual({
      ok: false,
      retryAfterSeconds: 45,
      message: "Too many attempts. Please wait 45 seconds and try again.",
    });
    // Other addresses and other actions have their own budget.
    expect(limiter.hit("login:5.6.7.8").ok).toBe(true);
    expect(limiter.hit("register:1.2.3.4").ok).toBe(true);
    // A new window starts when the old one ends.
    now += 45_000;
    expect(limiter.hit("login:1.2.3.4").ok).toBe(true);
  });

  it("never answers a wait under one second", () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => now });
    limiter.hit("k");
    now = 999;
    const result = limiter.hit("k");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.retryAfterSeconds).toBe(1);
    expect(result.ok ? "" : result.message).toBe("Too many attempts. Please wait 1 second and try again.");
  });
});
