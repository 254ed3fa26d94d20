// The Content Security Policy of HTML documents: no script runs but ours. A streamed document names
// its inline scripts by a per-response nonce; a document served from the render memo (the same bytes
// for many responses, so a nonce would be reused) names them by their SHA-256 hashes instead,
// computed once when the document is stored. Other responses get server.js's deny-all policy.
import crypto from "node:crypto";

const FIXED = [
  "default-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // Thumbnails are served from our own origin (/thumbnails/…): no third party sees a reader.
  "img-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/** The policy of a document whose inline scripts carry `nonce`. */
export function noncePolicy(nonce: string): string {
  return `${FIXED}; script-src 'self' 'nonce-${nonce}'`;
}

// <script> elements without src, and their text (what a hash-source is computed over).
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The policy of a stored document: its inline scripts allowed by hash, each exactly as written. */
export function hashPolicy(html: string): string {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return `${FIXED}; script-src 'self' ${[...hashes].join(" ")}`.trimEnd();
}
