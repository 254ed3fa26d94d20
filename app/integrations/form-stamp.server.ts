import crypto from "node:crypto";
import { getEnv } from "./env.server.ts";

// The signed time stamp of a drawn form (the sign-up form, docs/product.md §11 "Spam"): when the
// server drew it, in whole seconds, and an id of its own, signed with the session secret
// (HMAC-SHA256), so a bot can neither date its own form back nor make a second stamp from one it
// was given. "{seconds}.{id}.{signature}". A stamp signs up once (http/bot-trap.server.ts, decision 0192).

const PURPOSE = "form-drawn:";

function signature(seconds: number, id: string): string {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`${PURPOSE}${seconds}.${id}`).digest("base64url");
}

/** The stamp of a form drawn at `at` (ms; default now), with a new id. */
export function stampFormDrawn(at: number = Date.now()): string {
  const seconds = Math.floor(at / 1000);
  const id = crypto.randomBytes(12).toString("base64url");
  return `${seconds}.${id}.${signature(seconds, id)}`;
}

/** When the form carrying `value` was drawn (ms) and its stamp's id, or null when it is missing or not ours. */
export function formDrawn(value: unknown): { at: number; id: string } | null {
  if (typeof value !== "string" || value.length > 100) return null;
  const match = /^(\d{1,12})\.([\w-]{16})\.([\w-]{43})$/.exec(value);
  if (!match) return null;
  const seconds = Number(match[1]);
  const expected = Buffer.from(signature(seconds, match[2]));
  const given = Buffer.from(match[3]);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { at: seconds * 1000, id: match[2] } : null;
}
