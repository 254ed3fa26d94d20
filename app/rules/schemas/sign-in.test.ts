import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { DEMO_CASING_MESSAGE, PASSWORDS_MISMATCH_MESSAGE, RESET_PASSWORD_TOO_SHORT_MESSAGE } from "../account-rules.ts";
import {
  ForgotPasswordSchema,
  isMiscasedDemoName,
  LoginSchema,
  RegisterSchema,
  ResetPasswordFormSchema,
  ResetPasswordSchema,
  UsernameSchema,
} from "./sign-in.ts";

/** The messages a schema gives for an input ([] when it passes). */
function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe("LoginSchema (docs/product.md §5)", () => {
  it("accepts a username or an e-mail of 3 to 50 characters and a password of 6+", () => {
    expect(messages(LoginSchema, { username: "abc", password: "123456" })).toEqual([]);
    expect(messages(LoginSchema, { username: "a".repeat(50), password: "123456" })).toEqual([]);
    expect(messages(LoginSchema, { username: "someone@example.com", password: "secret!" })).toEqual([]);
  });

  it("trims the username", () => {
    expect(LoginSchema.parse({ username: "  gigglequeen ", password: "123456" }).username).toBe("gigglequeen");
  });

  it("rejects a username under 3 characters with the spec message", () => {
    expect(messages(LoginSchema, { username: "ab", password: "123456" })).toEqual([
      "Username must be at least 3 characters",
    ]);
  });

  it("rejects a username over 50 characters", () => {
    expect(messages(LoginSchema, { username: "a".repeat(51), password: "123456" })).toEqual([
      "Username must be at most 50 characters",
    ]);
  });

  it("rejects a password under 6 characters with the spec message", () => {
    expect(messages(LoginSchema, { username: "abc", password: "12345" })).toEqual([
      "Password must be at least 6 characters",
    ]);
  });

  it("rejects a very long password instead of hashing it", () => {
    expect(messages(LoginSchema, { username: "abc", password: "x".repeat(10_000) })).toEqual([
      "Password must be at most 200 characters",
    ]);
  });

  it("only accepts the demo account's exact name", () => {
    expect(messages(LoginSchema, { username: "demo_user", password: "chortle-demo" })).toEqual([]);
    for (const name of ["Demo_User", "DEMO_USER", "demo_User"]) {
      expect(messages(LoginSchema, { username: name, password: "chortle-demo" })).toEqual([DEMO_CASING_MESSAGE]);
    }
    expect(DEMO_CASING_MESSAGE).toBe(
      "For the demo account, you must use the exact username 'demo_user' (case-sensitive)",
    );
    expect(isMiscasedDemoName("demo_user")).toBe(false);
    expect(isMiscasedDemoName("demo_users")).toBe(false);
  });

  it("names missing fields and wrong types", () => {
    expect(messages(LoginSchema, {})).toEqual(["Username is required", "Password is required"]);
    const wrongTypes = messages(LoginSchema, { username: 42, password: ["x"] });
    expect(wrongTypes[0]).toBe("Username must be text");
    expect(wrongTypes).toContain("Password must be text");
  });
});

describe("RegisterSchema (docs/product.md §5)", () => {
  const valid = { username: "new_person", email: "new@example.com", password: "123456" };

  it("accepts a valid registration", () => {
    expect(messages(RegisterSchema, valid)).toEqual([]);
  });

  it("wants a username of 3 to 20 characters", () => {
    expect(messages(RegisterSchema, { ...valid, username: "ab" })).toEqual(["Username must be at least 3 characters"]);
    expect(messages(RegisterSchema, { ...valid, username: "a".repeat(20) })).toEqual([]);
    expect(messages(RegisterSchema, { ...valid, username: "a".repeat(21) })).toEqual([
      "Username must be at most 20 characters",
    ]);
  });

  it("keeps usernames to letters, numbers, dots, hyphens and underscores (no '@', so sign-in by e-mail is unambiguous)", () => {
    for (const username of ["has space", "at@sign", "emoji😀x", "<script>"]) {
      expect(messages(RegisterSchema, { ...valid, username })).toEqual([
        "Username may only contain letters, numbers, dots, hyphens and underscores",
      ]);
    }
    expect(messages(UsernameSchema, "Mr.Funny-Pants_2")).toEqual([]);
  });

  it("wants a valid e-mail with the spec message", () => {
    for (const email of ["not-an-email", "a@b", "@example.com", `${"a".repeat(250)}@example.com`]) {
      expect(messages(RegisterSchema, { ...valid, email })).toEqual(["Please enter a valid email address"]);
    }
  });

  it("wants a password of at least 6 characters", () => {
    expect(messages(RegisterSchema, { ...valid, password: "12345" })).toEqual(["Password must be at least 6 characters"]);
  });
});

describe("ForgotPasswordSchema", () => {
  it("wants a valid e-mail", () => {
    expect(messages(ForgotPasswordSchema, { email: "someone@example.com" })).toEqual([]);
    expect(messages(ForgotPasswordSchema, { email: "nope" })).toEqual(["Please enter a valid email address"]);
    expect(messages(ForgotPasswordSchema, {})).toEqual(["Email is required"]);
  });
});

describe("reset password schemas (docs/product.md §5)", () => {
  const form = { token: "t0ken", email: "a@example.com", newPassword: "abcdef", confirmPassword: "abcdef" };

  it("accepts matching passwords of 6+ characters", () => {
    expect(messages(ResetPasswordFormSchema, form)).toEqual([]);
  });

  it("rejects different passwords with the spec message, on the confirmation field", () => {
    const result = ResetPasswordFormSchema.safeParse({ ...form, confirmPassword: "abcdeg" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ message: PASSWORDS_MISMATCH_MESSAGE, path: ["confirmPassword"] }),
    ]);
    expect(PASSWORDS_MISMATCH_MESSAGE).toBe("Passwords Don't Match: Please make sure both passwords are identical.");
  });

  it("rejects a short password with the spec message", () => {
    expect(messages(ResetPasswordFormSchema, { ...form, newPassword: "abc", confirmPassword: "abc" })).toEqual([
      RESET_PASSWORD_TOO_SHORT_MESSAGE,
    ]);
    expect(RESET_PASSWORD_TOO_SHORT_MESSAGE).toBe("Password Too Short: Password must be at least 6 characters long.");
  });

  it("the JSON form needs token, email and newPassword", () => {
    expect(messages(ResetPasswordSchema, { token: "x", email: "a@example.com", newPassword: "abcdef" })).toEqual([]);
    expect(messages(ResetPasswordSchema, {})).toEqual([
      "Reset token is required",
      "Email is required",
      "New password is required",
    ]);
    expect(messages(ResetPasswordSchema, { token: "", email: "a@example.com", newPassword: "abcdef" })).toEqual([
      "This password reset link is invalid or has expired.",
    ]);
  });
});
