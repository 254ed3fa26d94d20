import { describe, expect, it } from "vitest";
import { getTimeZone } from "./client-hints.server.ts";

const withCookie = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });

describe("getTimeZone", () => {
  it("reads a valid zone from the tz cookie", () => {
    expect(getTimeZone(withCookie("a=1; tz=Europe%2FLondon"))).toBe("Europe/London");
  });

  it("falls back to UTC when there is none, or it is not a zone, or not even decodable", () => {
    expect(getTimeZone(new Request("http://x/"))).toBe("UTC");
    expect(getTimeZone(withCookie("tz=Mars%2FOlympus"))).toBe("UTC");
    expect(getTimeZone(withCookie("tz=%E0"))).toBe("UTC");
    expect(getTimeZone(withCookie(`tz=${"A".repeat(500)}`))).toBe("UTC");
  });
});
