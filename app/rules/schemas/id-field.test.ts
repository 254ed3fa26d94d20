import { describe, expect, it } from "vitest";
import { IdSchema, parseId } from "./id-field.ts";

describe("the one id parser", () => {
  const accepted: [unknown, number][] = [
    ["1", 1],
    ["42", 42],
    [1, 1],
    [42, 42],
    [String(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER],
  ];
  it.each(accepted)("accepts %j as %d", (input, id) => {
    expect(parseId(input)).toBe(id);
    expect(IdSchema.parse(input)).toBe(id);
  });

  const refused: unknown[] = ["0", 0, "007", "-1", -1, "1.5", 1.5, "1e3", "abc", "", " 1", "1 ", 2 ** 53, String(2 ** 53), true, null, undefined, {}, "0x10"];
  it.each(refused)("refuses %j", (input) => {
    expect(parseId(input)).toBeNull();
    expect(IdSchema.safeParse(input).success).toBe(false);
  });
});
