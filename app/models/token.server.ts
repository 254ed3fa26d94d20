import crypto from "node:crypto";

/** A random URL-safe token (256 bits). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, so a leaked table signs nobody in. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
