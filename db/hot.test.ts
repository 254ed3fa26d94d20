import { describe, expect, it } from "vitest";
import { HOT_EPOCH_SECONDS, hotScore } from "./hot.ts";

describe("hotScore", () => {
  const t = (HOT_EPOCH_SECONDS + 45000 * 10) * 1000;

  it("is the age term alone for a score of 0 or ±1", () => {
    expect(hotScore(0, 0, t)).toBe(10);
    expect(hotScore(1, 0, t)).toBe(10);
    expect(hotScore(0, 1, t)).toBe(10);
  });

  it("adds log10 of the score with its sign", () => {
    expect(hotScore(100, 0, t)).toBe(12);
    expect(hotScore(0, 100, t)).toBe(8);
    expect(hotScore(110, 10, t)).toBe(12);
  });

  it("ranks a newer post with the same score higher", () => {
    expect(hotScore(5, 0, t + 1000)).toBeGreaterThan(hotScore(5, 0, t));
  });
});
