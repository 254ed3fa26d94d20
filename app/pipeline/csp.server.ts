// The Content Security Policy of HTML documents: no script runs but ours, no style but ours. A
// streamed document names its inline scripts by a per-response nonce; a document served from the
// render memo (the same bytes for many responses, so a nonce would be reused) names them by their
// SHA-256 hashes instead, computed once when the document is stored. The one stylesheet is a file
// of our own origin; nothing else may style (no 'unsafe-inline': the app sets no style attributes,
// and CSSOM changes from script are not governed by CSP). Other responses get server.js's deny-all
// policy.
import crypto from "node:crypto";
import { EMBED_ORIGIN } from "~/lib/video-embed.ts";

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

// Under `npm run dev` Vite adds styles of its own (the error overlay, CSS updates without a reload).
const STYLE_SRC = process.env.NODE_ENV === "development" ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'";

const FIXED = [
  "default-src 'self'",
  STYLE_SRC,
  // Thumbnails are served from our own origin (/thumbnails/…): no third party sees a reader.
  "img-src 'self'",
  // The post page's player, made only when pressed: YouTube's privacy-enhanced origin, nothing else
  // of YouTube's and no other frame (decision 0175).
  `frame-src ${EMBED_ORIGIN}`,
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
  for (const [, body] of html.matchAll(INLINE_SCRIPT)) hashes.add(sha256(body));
  return `${FIXED}; script-src 'self' ${[...hashes].join(" ")}`.trimEnd();
}
