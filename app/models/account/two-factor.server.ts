import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { recoveryCodes, sessions, twoFactor, type UserRow } from "#db/schema.ts";
import { DEMO_USERNAME } from "~/rules/account-rules.ts";
import { forbidden, invalid, Problem } from "~/lib/problem.ts";
import { DELETE_PASSWORD_WRONG } from "~/rules/schemas/account.ts";
import { INVALID_CODE } from "~/rules/schemas/two-factor.ts";
import { getEnv } from "../../integrations/env.server.ts";
import { verifyPassword } from "../../integrations/password.server.ts";
import { newRecoveryCode, newTotpSecret, otpauthUrl, totpStep } from "../../integrations/totp.server.ts";
import { writeTransaction, type Tx } from "../db.server.ts";
import { hashToken } from "../token.server.ts";

// Two-factor sign-in's rules, in one place for the pages and the JSON calls: setting it up (a secret
// that waits server-side until one valid code proves the app holds it), ten single-use recovery
// codes, turning it off (password and a code), and the check of a code, with its counter: wrong codes
// in a row lock code checks for a while, whichever form they came through.

export const RECOVERY_CODE_COUNT = 10;
export const MAX_FAILED_CODES = 10;
export const CODE_LOCK_MS = 15 * 60 * 1000;

export const TWO_FACTOR_ALREADY_ON = "Two-factor sign-in is already on.";
export const TWO_FACTOR_NOT_STARTED = "Start the setup first: no secret is waiting for a code.";
export const TWO_FACTOR_OFF = "Two-factor sign-in is not on.";
const TWO_FACTOR_DEMO = "The shared demo account cannot use two-factor sign-in.";

export type Setup = { secret: string; otpauthUrl: string };
export type TwoFactorStatus = { enabled: boolean; enabledAt: Date | null; pending: Setup | null; recoveryCodesLeft: number };

function rowOf(db: Tx | ReturnType<typeof getDb>, userId: number) {
  return db.select().from(twoFactor).where(eq(twoFactor.userId, userId)).get();
}

function setupOf(user: Pick<UserRow, "username">, secret: string): Setup {
  return { secret, otpauthUrl: otpauthUrl({ secret, label: user.username, issuer: getEnv().SITE_NAME }) };
}

/** Whether the member signs in with a second factor. */
export function isTwoFactorOn(userId: number): boolean {
  return Boolean(rowOf(getDb(), userId)?.secret);
}

/** What the /account/two-factor page shows its owner. */
export function twoFactorStatus(user: Pick<UserRow, "id" | "username">): TwoFactorStatus {
  const row = rowOf(getDb(), user.id);
  const left = row?.secret
    ? (getDb()
        .select({ n: sql<number>`count(*)` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)))
        .get()?.n ?? 0)
    : 0;
  return {
    enabled: Boolean(row?.secret),
    enabledAt: row?.secret ? row.enabledAt : null,
    pending: !row?.secret && row?.pendingSecret ? setupOf(user, row.pendingSecret) : null,
    recoveryCodesLeft: left,
  };
}

/** Starts (or starts again) setting up: a new secret waits server-side for one valid code. */
export function startTwoFactorSetup({ user }: { user: Pick<UserRow, "id" | "username"> }): Setup {
  if (user.username === DEMO_USERNAME) throw forbidden(TWO_FACTOR_DEMO);
  const secret = newTotpSecret();
  const on = writeTransaction((tx) => {
    if (rowOf(tx, user.id)?.secret) return true;
    tx.insert(twoFactor)
      .values({ userId: user.id, pendingSecret: secret })
      .onConflictDoUpdate({ target: twoFactor.userId, set: { pendingSecret: secret } })
      .run();
    return false;
  });
  if (on) throw new Problem("conflict", TWO_FACTOR_ALREADY_ON);
  return setupOf(user, secret);
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** A recovery code as people read it. */
function formatRecoveryCode(code: string): string {
  return code.match(/.{1,4}/g)!.join("-");
}

function lockedProblem(until: Date, now: number) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new Problem("too_many", `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, {
    headers: { "Retry-After": String(seconds) },
  });
}

/** Counts a wrong code; the tenth in a row locks code checks for CODE_LOCK_MS (and starts the count again). */
function countFailure(tx: Tx, userId: number, now: number) {
  tx.update(twoFactor)
    .set({
      failedCodes: sql`CASE WHEN ${twoFactor.failedCodes} + 1 >= ${MAX_FAILED_CODES} THEN 0 ELSE ${twoFactor.failedCodes} + 1 END`,
      lockedUntil: sql`CASE WHEN ${twoFactor.failedCodes} + 1 >= ${MAX_FAILED_CODES} THEN ${now + CODE_LOCK_MS} ELSE ${twoFactor.lockedUntil} END`,
    })
    .where(eq(twoFactor.userId, userId))
    .run();
}

export type CodeCheck = { kind: "totp" } | { kind: "recovery" } | { kind: "wrong" } | { kind: "locked"; until: Date } | { kind: "off" };

/**
 * Checks a second factor of `userId` inside the caller's transaction, and records the outcome: a TOTP
 * code of a step already used (or older) is refused, a recovery code is spent, a wrong code counts.
 * `code` is squeezed already (the schemas): six digits, or sixteen base32 letters.
 */
export function checkSecondFactor(tx: Tx, userId: number, code: string, now = Date.now()): CodeCheck {
  const row = rowOf(tx, userId);
  if (!row?.secret) return { kind: "off" };
  if (row.lockedUntil && row.lockedUntil.getTime() > now) return { kind: "locked", until: row.lockedUntil };
  let ok: "totp" | "recovery" | null = null;
  const step = totpStep(row.secret, code, now);
  if (step !== null && step > row.lastStep) {
    tx.update(twoFactor).set({ lastStep: step }).where(eq(twoFactor.userId, userId)).run();
    ok = "totp";
  } else if (/^[a-z2-7]{16}$/.test(code)) {
    const spent = tx
      .update(recoveryCodes)
      .set({ usedAt: new Date(now) })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashToken(code)), isNull(recoveryCodes.usedAt)))
      .run();
    if (spent.changes === 1) ok = "recovery";
  }
  if (!ok) {
    countFailure(tx, userId, now);
    return { kind: "wrong" };
  }
  tx.update(twoFactor).set({ failedCodes: 0, lockedUntil: null }).where(eq(twoFactor.userId, userId)).run();
  return ok === "totp" ? { kind: "totp" } : { kind: "recovery" };
}

/** A code check's failure as the Problem the forms and the JSON calls answer. */
export function codeProblem(check: CodeCheck, now = Date.now()): Problem {
  if (check.kind === "locked") return lockedProblem(check.until, now);
  if (check.kind === "off") return new Problem("conflict", TWO_FACTOR_OFF);
  return invalid(INVALID_CODE, "code");
}

/** The member's own password, asked again before two-factor sign-in is turned on or off: else invalid on `password`. */
async function assertPassword(user: Pick<UserRow, "passwordHash">, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw invalid(DELETE_PASSWORD_WRONG, "password");
}

/**
 * Turns it on when the member's `password` is right (a stolen session alone cannot: else invalid on
 * `password`) and `code` is valid for the waiting secret (a wrong code counts toward the lock), and
 * returns the ten recovery codes, the only time they are ever shown (only their hashes are kept). In
 * the same transaction every other session of the member ends (one made before may be someone
 * else's) and this one (`sessionToken`) counts as proven with a second factor.
 */
export async function enableTwoFactor({
  user,
  code,
  password,
  sessionToken,
  now = Date.now(),
}: {
  user: Pick<UserRow, "id" | "passwordHash">;
  code: string;
  password: string;
  sessionToken: string | null;
  now?: number;
}): Promise<{ recoveryCodes: string[] }> {
  await assertPassword(user, password);
  const result = writeTransaction((tx) => {
    const row = rowOf(tx, user.id);
    if (row?.secret) return { kind: "on" as const };
    if (!row?.pendingSecret) return { kind: "none" as const };
    if (row.lockedUntil && row.lockedUntil.getTime() > now) return { kind: "locked" as const, until: row.lockedUntil };
    const step = totpStep(row.pendingSecret, code, now);
    if (step === null) {
      countFailure(tx, user.id, now);
      return { kind: "wrong" as const };
    }
    const codes = newRecoveryCodes();
    tx.update(twoFactor)
      .set({ secret: row.pendingSecret, pendingSecret: null, enabledAt: new Date(now), lastStep: step, failedCodes: 0, lockedUntil: null })
      .where(eq(twoFactor.userId, user.id))
      .run();
    tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run();
    tx.insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: user.id, codeHash: hashToken(c) })))
      .run();
    const current = sessionToken ? hashToken(sessionToken) : "";
    tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, current))).run();
    tx.update(sessions).set({ twoFactor: true }).where(eq(sessions.id, current)).run();
    return { kind: "ok" as const, codes };
  });
  switch (result.kind) {
    case "ok":
      return { recoveryCodes: result.codes.map(formatRecoveryCode) };
    case "on":
      throw new Problem("conflict", TWO_FACTOR_ALREADY_ON);
    case "none":
      throw new Problem("conflict", TWO_FACTOR_NOT_STARTED);
    default:
      throw codeProblem(result, now);
  }
}

/** Turns it off: the member's password (else invalid on `password`) and a TOTP or recovery code. */
export async function disableTwoFactor({
  user,
  password,
  code,
  now = Date.now(),
}: {
  user: Pick<UserRow, "id" | "passwordHash">;
  password: string;
  code: string;
  now?: number;
}): Promise<void> {
  if (!isTwoFactorOn(user.id)) throw new Problem("conflict", TWO_FACTOR_OFF);
  await assertPassword(user, password);
  const check = writeTransaction((tx) => {
    const result = checkSecondFactor(tx, user.id, code, now);
    if (result.kind === "totp" || result.kind === "recovery") {
      tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)).run();
      tx.delete(twoFactor).where(eq(twoFactor.userId, user.id)).run();
    }
    return result;
  });
  if (check.kind !== "totp" && check.kind !== "recovery") throw codeProblem(check, now);
}
