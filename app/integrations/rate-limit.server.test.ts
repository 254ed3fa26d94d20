import { describe, expect, it } from "vitest";
import { parseRateLimit } from "./rate-limit.server.ts";

describe("parseRateLimit", () => {
  it("reads 'N/SECONDS' and 'off'", () => {
    expect(parseRateLimit("10/60")).toEqual({ limit: 10, windowMs: 60_000 });
    expect(parseRateLimit("3/1")).toEqual({ limit: 3, windowMs: 1000 });
    expect(parseRateLimit("off")).toBeNull();
    expect(parseRateLimit("0/60")).toBeNull();
  });
});
