import { createCookie, redirect } from "react-router";
import type { UserRow } from "#db/schema.ts";
import type { Toast } from "~/lib/toast.ts";
import { CHALLENGE_TTL_MS, completeChallenge, createChallenge } from "~/models/account/two-factor-challenge.server.ts";
import { isTwoFactorOn } from "~/models/account/two-factor.server.ts";
import { getEnv } from "../integrations/env.server.ts";
import { noStore } from "./json-api.server.ts";
import { publicSelf, startSession } from "./session-cookie.server.ts";
import { redirectWithToast } from "./toast-cookie.server.ts";

// Sign-in after the password check: a member without two-factor gets a session at once; with it, no
// session yet but a pending challenge (models/account/two-factor-challenge.server.ts) whose random
// token rides in a short-lived signed cookie to the second step (/auth/two-factor, or
// POST /api/login/two-factor), which makes the session, marked as made with two factors.

export const TWO_FACTOR_STEP_PATH = "/auth/two-factor";

let cookie: ReturnType<typeof createCookie> | undefined;
function challengeCookie() {
  const env = getEnv();
  cookie ??= createCookie("chortle_2fa", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.COOKIE_SECURE,
    secrets: [env.SESSION_SECRET],
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
  return cookie;
}

/** The challenge token this browser holds, or null. */
export async function readChallengeToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("chortle_2fa=")) return null;
  const value = await challengeCookie().parse(header);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The Set-Cookie header that forgets the challenge. */
export function clearChallengeCookie(): Promise<string> {
  return challengeCookie().serialize("", { maxAge: 0 });
}

async function startChallenge(user: UserRow, redirectTo: string): Promise<string> {
  const { token } = createChallenge({ userId: user.id, redirectTo });
  return challengeCookie().serialize(token);
}

/** The sign-in page, after the password was verified: 303 to `redirectTo` signed in, or to the second step. */
export async function startSignIn(request: Request, user: UserRow, { redirectTo, toast }: { redirectTo: string; toast: Toast }): Promise<Response> {
  if (isTwoFactorOn(user.id)) {
    return redirect(TWO_FACTOR_STEP_PATH, { status: 303, headers: { "Set-Cookie": await startChallenge(user, redirectTo) } });
  }
  return redirectWithToast(redirectTo, toast, { headers: { "Set-Cookie": await startSession(request, user.id) } });
}

/** POST /api/login, after the password was verified: the user with a session, or {twoFactorRequired} with the challenge. */
export async function startApiSignIn(request: Request, user: UserRow): Promise<Response> {
  if (isTwoFactorOn(user.id)) {
    return Response.json({ twoFactorRequired: true }, { headers: { ...noStore, "Set-Cookie": await startChallenge(user, "/") } });
  }
  return Response.json(publicSelf(user), { headers: { ...noStore, "Set-Cookie": await startSession(request, user.id) } });
}

/**
 * The second step: the code completes this browser's challenge (Problems as completeChallenge throws
 * them; 401 without a challenge). Returns the user, where to go, and the Set-Cookie headers of the new
 * session and of the forgotten challenge.
 */
export async function finishSignIn(request: Request, code: string): Promise<{ user: UserRow; redirectTo: string; cookies: string[] }> {
  const token = await readChallengeToken(request);
  const { user, redirectTo } = completeChallenge({ token: token ?? "", code });
  return { user, redirectTo, cookies: [await startSession(request, user.id, { twoFactor: true }), await clearChallengeCookie()] };
}
