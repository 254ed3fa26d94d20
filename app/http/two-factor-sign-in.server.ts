import { createCookie, redirect } from "react-router";
import type { UserRow } from "#db/schema.ts";
import { isProblem, Problem } from "~/lib/problem.ts";
import type { Toast } from "~/lib/toast.ts";
import { CHALLENGE_EXPIRED, CHALLENGE_TTL_MS, completeChallenge, createChallenge, isChallengeLive } from "~/models/account/two-factor-challenge.server.ts";
import { isTwoFactorOn } from "~/models/account/two-factor.server.ts";
import { getEnv } from "../integrations/env.server.ts";
import type { GoToProblem } from "./answers/conform-problem.server.ts";
import { noStore } from "./answers/json-api.server.ts";
import { publicSelf, startSession } from "./cookies/session-cookie.server.ts";
import { redirectWithToast } from "./cookies/toast-cookie.server.ts";

// Sign-in after the password check: a member without two-factor gets a session at once; with it, no
// session yet but a pending challenge (models/account/two-factor-challenge.server.ts) whose random
// token rides in a short-lived signed cookie to the second step (/auth/two-factor, or
// POST /api/login/two-factor), which makes the session, marked as made with two factors. A page whose
// challenge is gone (expired, spent, never started) sends its visitor back to the password step.

const TWO_FACTOR_STEP_PATH = "/auth/two-factor";

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
async function readChallengeToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("chortle_2fa=")) return null;
  const value = await challengeCookie().parse(header);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The Set-Cookie header that forgets the challenge. */
function clearChallengeCookie(): Promise<string> {
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

/**
 * The page's way back to the password step: Problem("unauthorized") with `message`, whose `goTo` is
 * /auth with a "Sign in again" toast and whose Set-Cookie forgets the challenge.
 */
async function signInAgain(message: string): Promise<GoToProblem> {
  const goTo = { path: "/auth", toast: { type: "error", title: "Sign in again", description: message } } as const;
  return new Problem("unauthorized", message, { goTo, headers: { "Set-Cookie": await clearChallengeCookie() } }) as GoToProblem;
}

/** The second step's page: null while this browser holds a live challenge, else `signInAgain`. */
export async function challengeGone(request: Request): Promise<GoToProblem | null> {
  const token = await readChallengeToken(request);
  return token && isChallengeLive({ token }) ? null : signInAgain(CHALLENGE_EXPIRED);
}

/** `finishSignIn` for the page: a challenge that is gone (401 over JSON) is `signInAgain` with its message. */
export async function finishPageSignIn(request: Request, code: string): ReturnType<typeof finishSignIn> {
  try {
    return await finishSignIn(request, code);
  } catch (error) {
    if (isProblem(error) && error.kind === "unauthorized") throw await signInAgain(error.message);
    throw error;
  }
}
