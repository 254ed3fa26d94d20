import { describe, expect, it } from "vitest";
import { deepFreeze } from "./frozen.ts";

describe("deepFreeze", () => {
  it("freezes a shared value all the way down, so no request can change it for everyone", () => {
    const list = deepFreeze([{ id: 1, score: 3, author: { id: 2, tags: ["a"] } }]);
    expect(() => {
      (list[0] as { score: number }).score = 9;
    }).toThrow(TypeError);
    expect(() => {
      (list[0].author as { id: number }).id = 9;
    }).toThrow(TypeError);
    expect(() => (list[0].author.tags as string[]).push("b")).toThrow(TypeError);
    expect(() => (list as unknown[]).push({})).toThrow(TypeError);
    expect(list[0].author.tags).toEqual(["a"]);
  });

  it("returns what it is given, and leaves plain values as they are", () => {
    expect(deepFreeze(null)).toBeNull();
    expect(deepFreeze("ha")).toBe("ha");
    const value = { a: 1 };
    expect(deepFreeze(value)).toBe(value);
  });
});
