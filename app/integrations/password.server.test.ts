import { describe, expect, it } from "vitest";
import { hashPassword, hashPasswordSync, verifyPassword } from "./password.server.ts";

describe("password hashing", () => {
  it("stores argon2id hashes, salted, never the password", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toContain("correct horse");
    expect(a).not.toBe(b);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "correct horsE")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  it("the sync variant makes hashes the async check accepts", async () => {
    expect(await verifyPassword(hashPasswordSync("chortle-demo"), "chortle-demo")).toBe(true);
  });

  it("answers false for a malformed hash instead of throwing", async () => {
    expect(await verifyPassword("not-a-hash", "whatever")).toBe(false);
  });
});
