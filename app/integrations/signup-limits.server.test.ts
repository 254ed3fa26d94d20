import { describe, expect, it } from "vitest";
import { networkOf } from "./signup-limits.server.ts";

describe("networkOf: the network whose sign-ups share a budget", () => {
  it("takes an IPv4 address's /24, also when mapped into IPv6", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.113.250")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.114.7")).toBe("203.0.114.0/24");
  });

  it("takes an IPv6 address's /48, however it is written", () => {
    expect(networkOf("2001:db8:1:2::5")).toBe("2001:db8:1::/48");
    expect(networkOf("2001:0db8:0001:ffff:0:0:0:1")).toBe("2001:db8:1::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("2001:DB8:2::1")).toBe("2001:db8:2::/48");
    expect(networkOf("::1")).toBe("0:0:0::/48");
  });

  it("keeps anything else as it is, and no address as 'unknown'", () => {
    expect(networkOf(undefined)).toBe("unknown");
    expect(networkOf("not-an-address")).toBe("not-an-address");
  });
});
