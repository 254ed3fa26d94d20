import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { passwordResetTokens } from "#db/schema.ts";
import { hashPasswordSync } from "~/integrations/password.server.ts";
import {
  createPasswordResetToken,
  isPasswordResetTokenValid,
  resetPasswordWithToken,
  RESET_TOKEN_TTL_MS,
} from "./password-reset.server.ts";
import { createSession, getSessionUser } from "../session.server.ts";
import { hashToken } from "../token.server.ts";
import { createUser, getUserById } from "../user.server.ts";

let n = 0;
function newUser() {
  n++;
  return createUser({ username: `reset${n}`, email: `Reset${n}@Example.com`, passwordHash: hashPasswordSync("old-password") });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("password reset tokens", () => {
  it("stores only the SHA-256 of the token", () => {
    const user = newUser();
    const { token, expiresAt } = createPasswordResetToken({ userId: user.id });
    const rows = getDb().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(rows[0].tokenHash).not.toContain(token);
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(RESET_TOKEN_TTL_MS);
    expect(RESET_TOKEN_TTL_MS).toBe(60 * 60 * 1000);
  });

  it("sets the new password once; the same token is refused afterwards", () => {
    const user = newUser();
    const { token } = createPasswordResetToken({ userId: user.id });
    expect(isPasswordResetTokenValid({ token, email: user.email })).toBe(true);
    const newHash = hashPasswordSync("new-password");
    const updated = resetPasswordWithToken({ token, email: user.email, passwordHash: newHash });
    expect(updated?.id).toBe(user.id);
    expect(getUserById({ id: user.id })?.passwordHash).toBe(newHash);

    expect(isPasswordResetTokenValid({ token, email: user.email })).toBe(false);
    expect(resetPasswordWithToken({ token, email: user.email, passwordHash: hashPasswordSync("again!") })).toBeNull();
    expect(getUserById({ id: user.id })?.passwordHash).toBe(newHash);
  });

  it("matches the e-mail ignoring case and refuses another address", () => {
    const user = newUser();
    const { token } = createPasswordResetToken({ userId: user.id });
    const other = newUser();
    expect(isPasswordResetTokenValid({ token, email: other.email })).toBe(false);
    expect(resetPasswordWithToken({ token, email: other.email, passwordHash: "x" })).toBeNull();
    expect(isPasswordResetTokenValid({ token, email: user.email.toUpperCase() })).toBe(true);
  });

  it("refuses unknown tokens", () => {
    const user = newUser();
    createPasswordResetToken({ userId: user.id });
    expect(isPasswordResetTokenValid({ token: "made-up", email: user.email })).toBe(false);
    expect(resetPasswordWithToken({ token: "made-up", email: user.email, passwordHash: "x" })).toBeNull();
  });

  it("expires after one hour", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2030-01-01T12:00:00Z");
    vi.setSystemTime(start);
    const user = newUser();
    const { token } = createPasswordResetToken({ userId: user.id });
    vi.setSystemTime(start.getTime() + RESET_TOKEN_TTL_MS - 1000);
    expect(isPasswordResetTokenValid({ token, email: user.email })).toBe(true);
    vi.setSystemTime(start.getTime() + RESET_TOKEN_TTL_MS + 1000);
    expect(isPasswordResetTokenValid({ token, email: user.email })).toBe(false);
    expect(resetPasswordWithToken({ token, email: user.email, passwordHash: "x" })).toBeNull();
    expect(getUserById({ id: user.id })?.passwordHash).toBe(user.passwordHash);
  });

  it("a reset kills the account's other links and signs out its other sessions", () => {
    const user = newUser();
    const first = createPasswordResetToken({ userId: user.id });
    const second = createPasswordResetToken({ userId: user.id });
    const elsewhere = createSession({ userId: user.id });
    const here = createSession({ userId: user.id });
    const bystander = newUser();
    const theirs = createSession({ userId: bystander.id });

    expect(resetPasswordWithToken({ token: second.token, email: user.email, passwordHash: "h", keepSessionToken: here.token })).not.toBeNull();

    expect(isPasswordResetTokenValid({ token: first.token, email: user.email })).toBe(false);
    expect(getSessionUser({ token: elsewhere.token })).toBeNull();
    expect(getSessionUser({ token: here.token })?.id).toBe(user.id);
    expect(getSessionUser({ token: theirs.token })?.id).toBe(bystander.id);
  });
});
