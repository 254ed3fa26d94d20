import { describe, expect, it } from "vitest";
import { readReportParam } from "../interactions/report-url.ts";
import { ReportSchema, SUSPENSION_UNTIL_INVALID, SuspendSchema } from "./moderation.ts";
import { suspensionMessage } from "../moderation-rules.ts";

describe("the report contract", () => {
  it("reads the dialog's URL state, and nothing else", () => {
    expect(readReportParam("post-12")).toEqual({ targetType: "post", targetId: 12 });
    expect(readReportParam("user-3")).toEqual({ targetType: "user", targetId: 3 });
    for (const bad of [null, "", "post-0", "post-x", "vote-1", "post-12x", "post--1"]) expect(readReportParam(bad)).toBeNull();
  });

  it("parses a report: known reasons, a note of at most 500 characters, empty notes as none", () => {
    expect(ReportSchema.parse({ targetType: "comment", targetId: "7", reason: "off_topic", note: "  " })).toEqual({ targetType: "comment", targetId: 7, reason: "off_topic", note: null });
    expect(ReportSchema.safeParse({ targetType: "post", targetId: 1, reason: "boring" }).error?.issues[0].message).toMatch(/Choose a reason/);
    expect(ReportSchema.safeParse({ targetType: "post", targetId: 1, reason: "spam", note: "x".repeat(501) }).success).toBe(false);
  });

  it("reads a suspension's end: a date is 00:00 UTC, empty or null is none, anything else is refused", () => {
    expect(SuspendSchema.parse({ reason: "r", until: "2030-02-01" }).until?.toISOString()).toBe("2030-02-01T00:00:00.000Z");
    expect(SuspendSchema.parse({ reason: "r", until: "2030-02-01T10:30:00Z" }).until?.toISOString()).toBe("2030-02-01T10:30:00.000Z");
    expect(SuspendSchema.parse({ reason: "r", until: null }).until).toBeNull();
    expect(SuspendSchema.parse({ reason: "r", until: "" }).until).toBeNull();
    expect(SuspendSchema.safeParse({ reason: "r", until: "tomorrow" }).success).toBe(false);
    // Strict ISO 8601: an impossible date is refused, not moved to the next month; trailing junk too.
    expect(SuspendSchema.safeParse({ reason: "r", until: "2099-02-30" }).error?.issues[0].message).toBe("No such date: 2099-02-30.");
    expect(SuspendSchema.safeParse({ reason: "r", until: "2099-02-28T25:00:00Z" }).error?.issues[0].message).toBe("No such date: 2099-02-28T25:00:00Z.");
    for (const bad of ["2027-01-01junk", "2027-01-01T10:00:00", "2027-1-1", "01/02/2027", "2027-01-01T10:00:00Zjunk", 20270101]) {
      expect(SuspendSchema.safeParse({ reason: "r", until: bad }).error?.issues[0].message, String(bad)).toBe(SUSPENSION_UNTIL_INVALID);
    }
    expect(SuspendSchema.parse({ reason: "r", until: " 2030-02-01 " }).until?.toISOString()).toBe("2030-02-01T00:00:00.000Z");
    expect(SuspendSchema.parse({ reason: "r" }).until).toBeNull();
    expect(suspensionMessage({ until: "2030-02-01T00:00:00.000Z", reason: "Spam" })).toBe("Your account is suspended until 2030-02-01 00:00 UTC: Spam");
  });
});
