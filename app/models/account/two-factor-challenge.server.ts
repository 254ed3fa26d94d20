import { and, eq, gt, lt } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { twoFactorChallenges, users, type UserRow } from "#db/schema.ts";
import { Problem } from "~/lib/problem.ts";
import { writeTransaction } from "../db.server.ts";
import { hashToken, randomToken } from "../token.server.ts";
import { checkSecondFactor, codeProblem } from "./two-factor.server.ts";

// The second step of a sign-in with two-factor on. The password was right, but no session exists yet:
// a challenge does, for a few minutes and a few wrong codes. The browser holds its random token; the
// row's id is the token's SHA-256, like a session's.

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

export const CHALLENGE_EXPIRED = "Your sign-in has expired. Please sign in again.";
export const CHALLENGE_ENDED = "Too many wrong codes. Please sign in again.";

/** Starts the second step for `userId` (whose password was just verified); `redirectTo` is a checked path. */
export function createChallenge({ userId, redirectTo, now = Date.now() }: { userId: number; redirectTo: string; now?: number }): {
  token: string;
  expiresAt: Date;
} {
  const token = randomToken();
  const expiresAt = new Date(now + CHALLENGE_TTL_MS);
  writeTransaction((tx) => {
    // Ended challenges go as new ones come: the table holds only a few minutes of sign-ins.
    tx.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, new Date(now))).run();
    tx.insert(twoFactorChallenges).values({ id: hashToken(token), userId, redirectTo, expiresAt }).run();
  });
  return { token, expiresAt };
}

/** Whether `token` is a live challenge (the second step's page is shown only then). */
export function isChallengeLive({ token, now = Date.now() }: { token: string; now?: number }): boolean {
  return Boolean(
    getDb()
      .select({ id: twoFactorChallenges.id })
      .from(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.id, hashToken(token)), gt(twoFactorChallenges.expiresAt, new Date(now))))
      .get(),
  );
}

/**
 * Completes the sign-in with a TOTP or recovery code: the user and where to go, and the challenge is
 * gone. Thrown: 401 when it expired or is unknown, or when this wrong code was its last attempt; 400
 * for a wrong code with attempts left; 429 while the account's code checks are locked.
 */
export function completeChallenge({ token, code, now = Date.now() }: { token: string; code: string; now?: number }): {
  user: UserRow;
  redirectTo: string;
  via: "totp" | "recovery";
} {
  const id = hashToken(token);
  const result = writeTransaction((tx) => {
    const challenge = tx
      .select()
      .from(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.id, id), gt(twoFactorChallenges.expiresAt, new Date(now))))
      .get();
    if (!challenge) return { kind: "expired" as const };
    const check = checkSecondFactor(tx, challenge.userId, code, now);
    if (check.kind === "totp" || check.kind === "recovery") {
      tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id)).run();
      const user = tx.select().from(users).where(eq(users.id, challenge.userId)).get()!;
      return { kind: "ok" as const, user, redirectTo: challenge.redirectTo, via: check.kind };
    }
    if (check.kind === "off") {
      // Two-factor was turned off meanwhile: this sign-in starts again from the password.
      tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id)).run();
      return { kind: "expired" as const };
    }
    if (check.kind === "wrong") {
      const attempts = challenge.attempts + 1;
      if (attempts >= CHALLENGE_MAX_ATTEMPTS) {
        tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id)).run();
        return { kind: "ended" as const };
      }
      tx.update(twoFactorChallenges).set({ attempts }).where(eq(twoFactorChallenges.id, id)).run();
    }
    return check;
  });
  switch (result.kind) {
    case "ok":
      return { user: result.user, redirectTo: result.redirectTo, via: result.via };
    case "expired":
      throw new Problem("unauthorized", CHALLENGE_EXPIRED);
    case "ended":
      throw new Problem("unauthorized", CHALLENGE_ENDED);
    default:
      throw codeProblem(result, now);
  }
}
