import { describe, expect, it } from "vitest";
import { safeRedirect } from "./redirect.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/post/12")).toBe("/post/12");
    expect(safeRedirect("/?share=1")).toBe("/?share=1");
    expect(safeRedirect("/search?q=cats#results")).toBe("/search?q=cats#results");
  });

  it("refuses other sites and odd values", () => {
    for (const to of [
      "//evil.com",
      "//evil.com/path",
      "https://x",
      "https://evil.com/",
      "http:/evil.com",
      "/\\x",
      "/\\evil.com",
      "javascript:alert(1)",
      "evil.com",
      "post/1",
      "/\tevil",
      "/a\\b",
      "",
      "/" + "a".repeat(2001),
      // Protocol-relative only after normalising.
      "/.//evil.example/x",
      "/..//evil.example/x",
      "/./%2e%2e//evil.example/x",
      "/a/..//evil.example",
    ]) {
      expect(safeRedirect(to), to).toBe("/");
    }
  });

  it("falls back to the given default for missing or non-string values", () => {
    expect(safeRedirect(null, "/home")).toBe("/home");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect("//evil.com", "")).toBe("");
  });
});
