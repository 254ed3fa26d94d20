import { describe, expect, it } from "vitest";
import { CODE_REQUIRED, INVALID_CODE, TwoFactorCodeSchema, TwoFactorDisableSchema, TwoFactorEnableSchema } from "./two-factor.ts";

describe("two-factor codes as people type them", () => {
  it("drop spaces and dashes and read letters in any case", () => {
    expect(TwoFactorEnableSchema.parse({ password: "pw", code: " 123 456 " })).toEqual({ password: "pw", code: "123456" });
    expect(TwoFactorCodeSchema.parse({ code: "ABCD-efgh-2345-67ab" })).toEqual({ code: "abcdefgh234567ab" });
  });

  it("enabling takes only a 6-digit code; the sign-in's step and disabling take a recovery code too", () => {
    expect(TwoFactorEnableSchema.safeParse({ password: "pw", code: "abcdefgh234567ab" }).error?.issues[0]?.message).toBe(INVALID_CODE);
    expect(TwoFactorDisableSchema.parse({ password: "pw", code: "abcd efgh 2345 67ab" })).toEqual({ password: "pw", code: "abcdefgh234567ab" });
  });

  it.each([
    [{}, CODE_REQUIRED],
    [{ code: "" }, CODE_REQUIRED],
    [{ code: "12345" }, INVALID_CODE],
    [{ code: "1234567" }, INVALID_CODE],
    [{ code: "abcdefgh234567a1" }, INVALID_CODE],
    [{ code: "9".repeat(41) }, INVALID_CODE],
  ])("refuses %j with its message", (input, message) => {
    expect(TwoFactorCodeSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});
