import crypto from "node:crypto";
import { getEnv } from "./env.server.ts";

// The signed time stamp of a drawn form (the sign-up form, docs/product.md §11 "Spam"): when the
// server drew it, in whole seconds, signed with the session secret (HMAC-SHA256), so a bot cannot
// date its own form back. "{seconds}.{signature}".

const PURPOSE = "form-drawn:";

function signature(seconds: number): string {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`${PURPOSE}${seconds}`).digest("base64url");
}

/** The stamp of a form drawn at `at` (ms; default now). */
export function stampFormDrawn(at: number = Date.now()): string {
  const seconds = Math.floor(at / 1000);
  return `${seconds}.${signature(seconds)}`;
}

/** When the form carrying `value` was drawn (ms), or null when it is missing or not ours. */
export function formDrawnAt(value: unknown): number | null {
  if (typeof value !== "string" || value.length > 100) return null;
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(value);
  if (!match) return null;
  const seconds = Number(match[1]);
  const expected = Buffer.from(signature(seconds));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? seconds * 1000 : null;
}
