import { describe, expect, it } from "vitest";
import { problemOf } from "../../../tests/support/expect-error.ts";
import { makeUser } from "../../../tests/support/unit-factories.ts";
import { totpCode } from "~/integrations/totp.server.ts";
import { isProblem, type Problem } from "~/lib/problem.ts";
import { INVALID_CODE } from "~/rules/schemas/two-factor.ts";
import { listUserSessions, createSession } from "../session.server.ts";
import {
  CODE_LOCK_MS,
  disableTwoFactor,
  enableTwoFactor,
  isTwoFactorOn,
  MAX_FAILED_CODES,
  RECOVERY_CODE_COUNT,
  startTwoFactorSetup,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NOT_STARTED,
  twoFactorStatus,
} from "./two-factor.server.ts";

// The factories' password (tests/fixtures/factories.ts).
const PASSWORD = "test-password";
const STEP = 30_000;


async function asyncProblemOf(run: () => Promise<unknown>): Promise<Problem> {
  try {
    await run();
  } catch (error) {
    if (isProblem(error)) return error;
    throw error;
  }
  throw new Error("expected a Problem");
}

/** A member with two-factor on: the secret, the recovery codes and the moment it was enabled. */
async function withTwoFactor(now = Date.now()) {
  const user = makeUser();
  const { secret } = startTwoFactorSetup({ user });
  const { recoveryCodes } = await enableTwoFactor({ user, password: PASSWORD, sessionToken: null, code: totpCode(secret, now), now });
  return { user, secret, recoveryCodes, now };
}

const squeezed = (code: string) => code.replaceAll("-", "");

describe("setting two-factor sign-in up", () => {
  it("keeps the secret waiting, server-side, until one valid code turns it on", async () => {
    const user = makeUser();
    const setup = startTwoFactorSetup({ user });
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUrl).toContain(encodeURIComponent(user.username));
    expect(isTwoFactorOn(user.id)).toBe(false);
    expect(twoFactorStatus(user).pending?.secret).toBe(setup.secret);

    const { recoveryCodes } = await enableTwoFactor({ user, password: PASSWORD, sessionToken: null, code: totpCode(setup.secret) });
    expect(isTwoFactorOn(user.id)).toBe(true);
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    const status = twoFactorStatus(user);
    expect(status).toMatchObject({ enabled: true, pending: null, recoveryCodesLeft: RECOVERY_CODE_COUNT });
  });

  it("refuses a wrong code with 400 'Invalid code', and the wrong codes in a row lock the checks", async () => {
    const user = makeUser();
    const { secret } = startTwoFactorSetup({ user });
    const now = Date.now();
    const wrong = totpCode(secret, now + 10 * STEP);
    const first = await asyncProblemOf(() => enableTwoFactor({ user, password: PASSWORD, sessionToken: null, code: wrong, now }));
    expect(first.status).toBe(400);
    expect(first.message).toBe(INVALID_CODE);
    expect(first.field).toBe("code");
    expect(isTwoFactorOn(user.id)).toBe(false);
    for (let i = 1; i < MAX_FAILED_CODES; i++) await asyncProblemOf(() => enableTwoFactor({ user, password: PASSWORD, sessionToken: null, code: wrong, now }));
    // Locked: even the right code waits, with Retry-After.
    const locked = await asyncProblemOf(() => enableTwoFactor({ user, password: PASSWORD, sessionToken: null, code: totpCode(secret, now), now }));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers?.["Retry-After"])).toBe(CODE_LOCK_MS / 1000);
    const later = now + CODE_LOCK_MS + 1000;
    await enableTwoFactor({ user, password: PASSWORD, sessionToken: null, code: totpCode(secret, later), now: later });
    expect(isTwoFactorOn(user.id)).toBe(true);
  });

  it("needs a setup first, and does not start again once on", async () => {
    const user = makeUser();
    expect(await asyncProblemOf(() => enableTwoFactor({ user, password: PASSWORD, sessionToken: null, code: "123456" }))).toMatchObject({ status: 409, message: TWO_FACTOR_NOT_STARTED });
    const { user: on } = await withTwoFactor();
    expect(problemOf(() => startTwoFactorSetup({ user: on }))).toMatchObject({ status: 409, message: TWO_FACTOR_ALREADY_ON });
  });

  it("is not offered to the shared demo account", async () => {
    const demo = makeUser({ username: "demo_user" });
    expect(problemOf(() => startTwoFactorSetup({ user: demo })).status).toBe(403);
  });
});

describe("turning two-factor sign-in off", () => {
  it("needs both the password and a code", async () => {
    const { user, secret, now } = await withTwoFactor(Date.now() - 2 * STEP);
    const code = totpCode(secret);
    const badPassword = await asyncProblemOf(() => disableTwoFactor({ user, password: "not-the-password", code }));
    expect(badPassword).toMatchObject({ status: 400, field: "password" });
    const badCode = await asyncProblemOf(() => disableTwoFactor({ user, password: PASSWORD, code: totpCode(secret, now + 20 * STEP) }));
    expect(badCode).toMatchObject({ status: 400, field: "code", message: INVALID_CODE });
    expect(isTwoFactorOn(user.id)).toBe(true);
    await disableTwoFactor({ user, password: PASSWORD, code });
    expect(isTwoFactorOn(user.id)).toBe(false);
    expect(twoFactorStatus(user)).toMatchObject({ enabled: false, pending: null, recoveryCodesLeft: 0 });
  });

  it("takes a recovery code instead of the app's, once", async () => {
    const { user, recoveryCodes } = await withTwoFactor();
    await disableTwoFactor({ user, password: PASSWORD, code: squeezed(recoveryCodes[0]) });
    expect(isTwoFactorOn(user.id)).toBe(false);
  });

  it("does not accept the code that turned it on again (a code works once in its time step)", async () => {
    const { user, secret, now } = await withTwoFactor();
    const replay = await asyncProblemOf(() => disableTwoFactor({ user, password: PASSWORD, code: totpCode(secret, now), now }));
    expect(replay).toMatchObject({ status: 400, message: INVALID_CODE });
    await disableTwoFactor({ user, password: PASSWORD, code: totpCode(secret, now + STEP), now: now + STEP });
    expect(isTwoFactorOn(user.id)).toBe(false);
  });
});

describe("sessions", () => {
  it("are marked when made with two factors", async () => {
    const user = makeUser();
    const plain = createSession({ userId: user.id });
    createSession({ userId: user.id, twoFactor: true });
    const list = listUserSessions({ userId: user.id, currentToken: plain.token });
    expect(list.map((s) => [s.current, s.twoFactor])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});
