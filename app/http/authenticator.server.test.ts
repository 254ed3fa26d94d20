import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { passwordResetTokens } from "#db/schema.ts";
import {
  AuthError,
  requestPasswordReset,
  verifyLogin,
} from "./authenticator.server.ts";
import { DuplicateAccountError, registerAccount as registerUser } from "~/models/account/registration.server.ts";

const request = new Request("http://chortle.test/auth");
let n = 0;
async function register() {
  n++;
  return registerUser({ username: `Auth_${n}`, email: `auth${n}@example.com`, password: "secret-pass" });
}

describe("verifyLogin", () => {
  it("accepts the username (any case) or the e-mail with the right password", async () => {
    const user = await register();
    expect((await verifyLogin({ username: user.username, password: "secret-pass" }, "203.0.113.7")).id).toBe(user.id);
    expect((await verifyLogin({ username: user.username.toLowerCase(), password: "secret-pass" }, "203.0.113.7")).id).toBe(user.id);
    expect((await verifyLogin({ username: user.email.toUpperCase(), password: "secret-pass" }, "203.0.113.7")).id).toBe(user.id);
  });

  it("refuses a wrong password and an unknown account with the same message", async () => {
    const user = await register();
    const wrong = verifyLogin({ username: user.username, password: "not-the-password" }, "203.0.113.7");
    await expect(wrong).rejects.toThrow(AuthError);
    await expect(wrong).rejects.toThrow("Invalid username or password.");
    await expect(verifyLogin({ username: "nobody_here", password: "secret-pass" }, "203.0.113.7")).rejects.toThrow(
      "Invalid username or password.",
    );
  });
});

describe("registerUser", () => {
  it("hashes the password and refuses taken names and addresses whatever their case", async () => {
    const user = await register();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    await expect(
      registerUser({ username: user.username.toUpperCase(), email: "fresh@example.com", password: "secret-pass" }),
    ).rejects.toMatchObject({ field: "username", message: "Username already exists" });
    await expect(
      registerUser({ username: "fresh_name", email: user.email.toUpperCase(), password: "secret-pass" }),
    ).rejects.toBeInstanceOf(DuplicateAccountError);
  });
});

describe("requestPasswordReset", () => {
  it("creates a token for a known address and nothing for an unknown one", async () => {
    const user = await register();
    const before = getDb().select().from(passwordResetTokens).all().length;
    expect(await requestPasswordReset({ email: "nobody@example.com", request })).toEqual({ resetLink: null });
    expect(getDb().select().from(passwordResetTokens).all()).toHaveLength(before);

    // RESET_LINK_IN_RESPONSE is off by default: the link is not handed back.
    expect(await requestPasswordReset({ email: user.email, request })).toEqual({ resetLink: null });
    expect(getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all()).toHaveLength(1);
  });
});
