import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDateTime, formatRelative, formatScore } from "./format.ts";

describe("formatCount", () => {
  it("keeps small numbers and abbreviates thousands and millions with one decimal", () => {
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1K");
    expect(formatCount(1234)).toBe("1.2K");
    expect(formatCount(999_999)).toBe("999.9K");
    expect(formatCount(1_000_000)).toBe("1M");
    expect(formatCount(2_560_000)).toBe("2.5M");
    expect(formatCount(1_600_000_000)).toBe("1.6B");
  });
});

describe("formatScore", () => {
  it("shows scores above 1,000 as k", () => {
    expect(formatScore(999)).toBe("999");
    expect(formatScore(1500)).toBe("1.5k");
    expect(formatScore(-2000)).toBe("-2k");
  });
});

describe("formatDateTime", () => {
  it("formats like 'Jan 5, 2025 at 3:04 PM' in the viewer's zone", () => {
    expect(formatDateTime("2025-01-05T15:04:00Z")).toBe("Jan 5, 2025 at 3:04 PM");
    expect(formatDateTime("2025-01-05T15:04:00Z", "America/New_York")).toBe("Jan 5, 2025 at 10:04 AM");
    expect(formatDate(new Date("2025-01-05T23:30:00Z"), "Asia/Tokyo")).toBe("Jan 6, 2025");
  });

  it("raises a RangeError for an invalid time value", () => {
    expect(() => formatDateTime("not a date")).toThrow(RangeError);
    expect(() => formatDate(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatRelative", () => {
  const now = Date.parse("2025-01-10T12:00:00Z");
  it("counts minutes, hours and days, then shows the date", () => {
    expect(formatRelative(now - 30_000, now)).toBe("just now");
    expect(formatRelative(now - 5 * 60_000, now)).toBe("5m ago");
    expect(formatRelative(now - 3 * 3600_000, now)).toBe("3h ago");
    expect(formatRelative(now - 2 * 86400_000, now)).toBe("2d ago");
    expect(formatRelative("2024-11-01T00:00:00Z", now)).toBe("Nov 1, 2024");
  });
});
