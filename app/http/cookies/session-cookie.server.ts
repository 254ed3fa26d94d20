import crypto from "node:crypto";
import { createCookie } from "react-router";
import { createSession, deleteSession, getLiveSession, type LiveSession } from "~/models/session.server.ts";
import { toPublicUser, type PublicUser } from "~/models/user.server.ts";
import type { UserRow } from "#db/schema.ts";
import { getEnv } from "../../integrations/env.server.ts";

// The database decides when a session ends (sliding 30 days, models/session.server.ts); the cookie
// only carries the token, so it lives as long as browsers allow (400 days) and is not re-sent on use.
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  const env = getEnv();
  cookie ??= createCookie("chortle_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.COOKIE_SECURE,
    secrets: [env.SESSION_SECRET],
    maxAge: COOKIE_MAX_AGE_S,
  });
  return cookie;
}

const memo = new WeakMap<Request, Promise<LiveSession | null>>();

const SESSION_VALUE = /(?:^|;\s*)chortle_session=([^;]*)/;

/** Whether the request carries a session cookie at all (checked or not): its answers are private. */
export function hasSessionCookie(request: Request): boolean {
  return Boolean(request.headers.get("Cookie")?.match(SESSION_VALUE)?.[1]);
}

/**
 * The token a session cookie carries, if we signed it: React Router's format (`sessionCookie()` makes
 * it: the value's JSON in base64, ".", its HMAC-SHA256 in base64 without padding), checked here with
 * node:crypto in a few microseconds. React Router's own check (Web Crypto: a key imported, then an
 * asynchronous verify) cost ~0.7 ms of every member's request.
 */
export function verifiedToken(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const data = value.slice(0, dot);
  const mac = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(crypto.createHmac("sha256", secret).update(data).digest("base64").replace(/=+$/, ""));
  if (mac.length !== expected.length || !crypto.timingSafeEqual(mac, expected)) return null;
  try {
    const token: unknown = JSON.parse(Buffer.from(data, "base64").toString("latin1"));
    return typeof token === "string" && token.length > 0 ? token : null;
  } catch {
    return null;
  }
}

async function readToken(request: Request): Promise<string | null> {
  const raw = request.headers.get("Cookie")?.match(SESSION_VALUE)?.[1];
  return raw ? verifiedToken(raw, getEnv().SESSION_SECRET) : null;
}

/** The request's live session (memoised per request): its member and whether a second factor was proven, or null. */
export function getSession(request: Request): Promise<LiveSession | null> {
  let pending = memo.get(request);
  if (!pending) {
    pending = readToken(request).then((token) => (token ? getLiveSession({ token }) : null));
    memo.set(request, pending);
  }
  return pending;
}

/**
 * Signs `userId` in on this browser: a new session (new token) and the Set-Cookie header for it.
 * The session the browser held before, whoever's it was, is deleted (no session fixation).
 */
export async function startSession(request: Request, userId: number, { twoFactor = false }: { twoFactor?: boolean } = {}): Promise<string> {
  const { token } = createSession({
    userId,
    userAgent: request.headers.get("User-Agent"),
    replaceToken: await readToken(request),
    twoFactor,
  });
  return sessionCookie().serialize(token);
}

/** Ends the current session (if any) and returns the Set-Cookie header that clears it. */
export async function endSession(request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) deleteSession({ token });
  return sessionCookie().serialize("", { maxAge: 0 });
}

export async function getSessionToken(request: Request) {
  return readToken(request);
}

export function publicSelf(user: UserRow): PublicUser {
  return toPublicUser(user, { withEmail: true });
}

