import { describe, expect, it } from "vitest";
import { bootstrapMessage, configurationWarnings } from "./startup.server.ts";

describe("what a start says", () => {
  it("says why the configured admin was not made, and nothing when it is already there", () => {
    expect(bootstrapMessage("root", "exists")).toBeNull();
    expect(bootstrapMessage("root", "created")).toBe("Created admin account 'root'.");
    expect(bootstrapMessage("root", "member")).toMatch(/'root' is held by a member who is not an admin/);
    expect(bootstrapMessage("root", "deleted")).toMatch(/'root' belonged to an account that was deleted/);
    expect(bootstrapMessage("root", "clash")).toMatch(/ADMIN_EMAIL of 'root' belongs to another account/);
  });

  it("warns about a missing PUBLIC_URL in production and about reset links in answers", () => {
    const base = { PUBLIC_URL: undefined, SMTP_URL: undefined, RESET_LINK_IN_RESPONSE: false };
    expect(configurationWarnings(base, "development")).toEqual([]);
    expect(configurationWarnings({ ...base, PUBLIC_URL: "https://chortle.example" }, "production")).toEqual([]);
    expect(configurationWarnings(base, "production").join("\n")).toMatch(/PUBLIC_URL is not set: links in feeds/);
    expect(configurationWarnings({ ...base, RESET_LINK_IN_RESPONSE: true }, "development").join("\n")).toMatch(/RESET_LINK_IN_RESPONSE is on/);
  });
});
