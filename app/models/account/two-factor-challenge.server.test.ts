import { describe, expect, it } from "vitest";
import { problemOf } from "../../../tests/support/expect-error.ts";
import { makeUser } from "../../../tests/support/unit-factories.ts";
import { totpCode } from "~/integrations/totp.server.ts";
import { INVALID_CODE } from "~/rules/schemas/two-factor.ts";
import {
  CHALLENGE_ENDED,
  CHALLENGE_EXPIRED,
  CHALLENGE_MAX_ATTEMPTS,
  CHALLENGE_TTL_MS,
  completeChallenge,
  createChallenge,
  isChallengeLive,
} from "./two-factor-challenge.server.ts";
import { enableTwoFactor, startTwoFactorSetup, twoFactorStatus } from "./two-factor.server.ts";

// The factories' password (tests/fixtures/factories.ts).
const PASSWORD = "test-password";
const STEP = 30_000;


/** A member with two-factor on, enabled a few steps ago (so the current code is not a replay). */
async function withTwoFactor() {
  const user = makeUser();
  const { secret } = startTwoFactorSetup({ user });
  const { recoveryCodes } = await enableTwoFactor({ user, password: PASSWORD, sessionToken: null, code: totpCode(secret, Date.now() - 3 * STEP), now: Date.now() - 3 * STEP });
  return { user, secret, recoveryCodes: recoveryCodes.map((c) => c.replaceAll("-", "")) };
}

describe("the sign-in's second step", () => {
  it("completes with a valid code, where the sign-in was going, and ends", async () => {
    const { user, secret } = await withTwoFactor();
    const { token } = createChallenge({ userId: user.id, redirectTo: "/notifications" });
    expect(isChallengeLive({ token })).toBe(true);
    const done = completeChallenge({ token, code: totpCode(secret) });
    expect(done).toMatchObject({ redirectTo: "/notifications", via: "totp" });
    expect(done.user.id).toBe(user.id);
    expect(isChallengeLive({ token })).toBe(false);
    expect(problemOf(() => completeChallenge({ token, code: totpCode(secret, Date.now() + STEP) }))).toMatchObject({ status: 401, message: CHALLENGE_EXPIRED });
  });

  it("refuses a TOTP code already accepted in its time step (replay)", async () => {
    const { user, secret } = await withTwoFactor();
    const now = Date.now();
    const first = createChallenge({ userId: user.id, redirectTo: "/" });
    completeChallenge({ token: first.token, code: totpCode(secret, now), now });
    const second = createChallenge({ userId: user.id, redirectTo: "/" });
    expect(problemOf(() => completeChallenge({ token: second.token, code: totpCode(secret, now), now }))).toMatchObject({ status: 400, message: INVALID_CODE });
    expect(completeChallenge({ token: second.token, code: totpCode(secret, now + STEP), now: now + STEP }).user.id).toBe(user.id);
  });

  it("takes a recovery code once", async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    const first = createChallenge({ userId: user.id, redirectTo: "/" });
    expect(completeChallenge({ token: first.token, code: recoveryCodes[3] }).via).toBe("recovery");
    expect(twoFactorStatus(user).recoveryCodesLeft).toBe(9);
    const second = createChallenge({ userId: user.id, redirectTo: "/" });
    expect(problemOf(() => completeChallenge({ token: second.token, code: recoveryCodes[3] }))).toMatchObject({ status: 400, message: INVALID_CODE });
    expect(completeChallenge({ token: second.token, code: recoveryCodes[4] }).user.id).toBe(user.id);
  });

  it("expires", async () => {
    const { user, secret } = await withTwoFactor();
    const now = Date.now();
    const { token } = createChallenge({ userId: user.id, redirectTo: "/", now });
    const later = now + CHALLENGE_TTL_MS + 1;
    expect(isChallengeLive({ token, now: later })).toBe(false);
    expect(problemOf(() => completeChallenge({ token, code: totpCode(secret, later), now: later }))).toMatchObject({ status: 401, message: CHALLENGE_EXPIRED });
  });

  it(`ends after ${CHALLENGE_MAX_ATTEMPTS} wrong codes, even if the next one is right`, async () => {
    const { user, secret } = await withTwoFactor();
    const { token } = createChallenge({ userId: user.id, redirectTo: "/" });
    const wrong = totpCode(secret, Date.now() + 20 * STEP);
    for (let i = 1; i < CHALLENGE_MAX_ATTEMPTS; i++) {
      expect(problemOf(() => completeChallenge({ token, code: wrong }))).toMatchObject({ status: 400, message: INVALID_CODE });
    }
    expect(problemOf(() => completeChallenge({ token, code: wrong }))).toMatchObject({ status: 401, message: CHALLENGE_ENDED });
    expect(isChallengeLive({ token })).toBe(false);
    expect(problemOf(() => completeChallenge({ token, code: totpCode(secret) }))).toMatchObject({ status: 401 });
  });

  it("is unknown for a made-up token", async () => {
    expect(problemOf(() => completeChallenge({ token: "made-up", code: "123456" }))).toMatchObject({ status: 401, message: CHALLENGE_EXPIRED });
  });
});
