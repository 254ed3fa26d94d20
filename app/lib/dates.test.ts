import { describe, expect, it } from "vitest";
import { parseIsoDate } from "./dates.ts";

describe("strict ISO 8601 dates", () => {
  it("takes a calendar date (00:00 UTC that day) and a date-time with its offset", () => {
    expect(parseIsoDate("2030-02-01", "date or date-time")).toEqual({ ok: true, date: new Date("2030-02-01T00:00:00Z") });
    expect(parseIsoDate("2024-02-29", "date or date-time")).toEqual({ ok: true, date: new Date("2024-02-29T00:00:00Z") });
    expect(parseIsoDate("2000-02-29", "date or date-time")).toMatchObject({ ok: true });
    expect(parseIsoDate("2030-02-01T10:30:00Z", "date or date-time")).toEqual({ ok: true, date: new Date("2030-02-01T10:30:00Z") });
    expect(parseIsoDate("2030-02-01T10:30Z", "date-time")).toEqual({ ok: true, date: new Date("2030-02-01T10:30:00Z") });
    expect(parseIsoDate("2030-02-01T10:30:00.123456+05:30", "date-time")).toEqual({ ok: true, date: new Date("2030-02-01T05:00:00.123Z") });
    expect(parseIsoDate("0099-01-01", "date or date-time")).toEqual({ ok: true, date: new Date("0099-01-01T00:00:00Z") });
  });

  it("refuses an impossible date or time instead of moving it", () => {
    for (const text of ["2099-02-30", "2023-02-29", "2100-02-29", "2027-04-31", "2027-13-01", "2027-00-10", "2027-01-00"]) {
      expect(parseIsoDate(text, "date or date-time"), text).toEqual({ ok: false, problem: "impossible" });
    }
    for (const text of ["2099-02-30T00:00:00Z", "2027-01-01T24:00:00Z", "2027-01-01T23:60:00Z", "2027-01-01T23:59:60Z", "2027-01-01T10:00:00+24:00", "2027-01-01T10:00:00+05:60"]) {
      expect(parseIsoDate(text, "date-time"), text).toEqual({ ok: false, problem: "impossible" });
    }
  });

  it("refuses anything that is not exactly one of the two forms", () => {
    for (const text of ["2027-01-01junk", "2027-01-01 ", " 2027-01-01", "2027-1-1", "27-01-01", "2027/01/01", "20270101", "tomorrow", "", "2027-01-01T10:00:00", "2027-01-01T10:00:00Zjunk", "2027-01-01t10:00:00z", "2027-01-01 10:00:00Z", "+002027-01-01", "2027-01-01T10Z", "１２３４-01-01"]) {
      expect(parseIsoDate(text, "date or date-time"), text).toEqual({ ok: false, problem: "format" });
    }
    // A date alone where a time is asked for.
    expect(parseIsoDate("2027-01-01", "date-time")).toEqual({ ok: false, problem: "format" });
  });
});
