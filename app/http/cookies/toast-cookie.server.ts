import crypto from "node:crypto";
import { redirect } from "react-router";
import { ToastSchema, type Toast } from "~/lib/toast.ts";
import { getEnv, memoEnabled } from "../../integrations/env.server.ts";

// The flash toast: a signed cookie (a toast only ever says what our own actions said), Secure on
// https sites, read once by the next page. Signed and checked here with node:crypto's HMAC in the
// format of React Router's createCookie (base64 of the JSON value, ".", base64 HMAC-SHA256 without
// padding): its Web Crypto signing cost about a tenth of a no-JS vote's server time.

const NAME = "chortle_toast";
const MAX_AGE_S = 60;

export function attributes(maxAge: number) {
  return `; Max-Age=${maxAge}; Path=/; HttpOnly${getEnv().COOKIE_SECURE ? "; Secure" : ""}; SameSite=Lax`;
}

function hmac(value: string): Buffer {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(value).digest();
}

/** `value` as a signed cookie value (what React Router's createCookie(…).serialize writes). */
export function signValue(value: string): string {
  const encoded = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
  return `${encoded}.${hmac(encoded).toString("base64").replace(/=+$/, "")}`;
}

/** The value of a signed cookie value, or null when the signature does not hold. */
export function unsignValue(signed: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const encoded = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64");
  const expected = hmac(encoded);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

// Most toasts are a handful of fixed texts ('Upvoted', 'Vote removed' …): their header is made once.
// (MEMO=off: every time.)
const headers = new Map<string, string>();
const HEADERS_MAX = 200;

export async function toastHeader(toast: Toast): Promise<string> {
  const key = JSON.stringify(toast);
  let header = memoEnabled() ? headers.get(key) : undefined;
  if (!header) {
    const value = Buffer.from(JSON.stringify(ToastSchema.parse(toast))).toString("base64url");
    header = `${NAME}=${encodeURIComponent(signValue(value))}${attributes(MAX_AGE_S)}`;
    if (!memoEnabled()) return header;
    if (headers.size >= HEADERS_MAX) headers.delete(headers.keys().next().value!);
    headers.set(key, header);
  }
  return header;
}

/** A 303 redirect that carries a flash toast (and any extra Set-Cookie headers). */
export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  return redirect(url, { status: 303, headers });
}

function readCookie(header: string | null): string | null {
  const raw = header?.match(/(?:^|;\s*)chortle_toast=([^;]*)/)?.[1];
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return "";
  }
}

/** Reads the flash toast and returns the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const signed = readCookie(request.headers.get("Cookie"));
  // No toast cookie (nearly every request): nothing to read, nothing to clear.
  if (!signed) return { toast: null, headers: null };
  const raw = unsignValue(signed);
  let toast: Toast | null = null;
  if (raw) {
    try {
      const parsed = ToastSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
      toast = parsed.success ? parsed.data : null;
    } catch {
      toast = null;
    }
  }
  return { toast, headers: new Headers({ "Set-Cookie": `${NAME}=${attributes(0)}` }) };
}
