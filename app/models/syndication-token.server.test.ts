import { describe, expect, it } from "vitest";
import { hashPasswordSync } from "~/integrations/password.server.ts";
import { findFeedTokenOwner, getFeedToken, regenerateFeedToken } from "./syndication-token.server.ts";
import { createPasswordResetToken, resetPasswordWithToken } from "./account/password-reset.server.ts";
import { createUser } from "./user.server.ts";

let n = 0;
function newUser() {
  n++;
  return createUser({ username: `feedtok${n}`, email: `feedtok${n}@example.com`, passwordHash: hashPasswordSync("old-password") });
}

describe("the private Following-feed token", () => {
  it("is made on first ask and stays the same until replaced", () => {
    const user = newUser();
    const token = getFeedToken({ userId: user.id });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(getFeedToken({ userId: user.id })).toBe(token);
    expect(findFeedTokenOwner({ token })).toBe(user.id);
    expect(getFeedToken({ userId: newUser().id })).not.toBe(token);
  });

  it("regenerating revokes the old token at once", () => {
    const user = newUser();
    const old = getFeedToken({ userId: user.id });
    const fresh = regenerateFeedToken({ userId: user.id });
    expect(fresh).not.toBe(old);
    expect(findFeedTokenOwner({ token: old })).toBeNull();
    expect(findFeedTokenOwner({ token: fresh })).toBe(user.id);
    expect(getFeedToken({ userId: user.id })).toBe(fresh);
  });

  it("a password reset replaces it", () => {
    const user = newUser();
    const old = getFeedToken({ userId: user.id });
    const { token } = createPasswordResetToken({ userId: user.id });
    expect(resetPasswordWithToken({ token, email: user.email, passwordHash: hashPasswordSync("new-password") })).not.toBeNull();
    expect(findFeedTokenOwner({ token: old })).toBeNull();
    expect(findFeedTokenOwner({ token: getFeedToken({ userId: user.id }) })).toBe(user.id);
  });

  it("anything that is not a token names nobody", () => {
    for (const token of ["", "short", "a".repeat(300), "../../etc/passwd", "x".repeat(43)]) {
      expect(findFeedTokenOwner({ token })).toBeNull();
    }
  });
});
