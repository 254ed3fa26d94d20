import { attributes, signValue, unsignValue } from "./toast-cookie.server.ts";
import type { FlashDraft } from "~/lib/types.ts";

// The comment a no-JS submission failed to post, handed back to its box by the next page: a signed
// flash cookie read once (like the toast), never a query param, so the text stays out of history,
// Referer headers and server logs (docs/decisions/0074-draft-flash-cookie.md).

const NAME = "chortle_draft";
const MAX_AGE_S = 60;
// Browsers keep a cookie of about 4 KB; a longer draft (many multi-byte characters) is not kept.
const MAX_COOKIE_CHARS = 3800;

export type { FlashDraft };

/** The Set-Cookie header that hands `draft` to the next page, or null when it is too long to carry. */
export function draftHeader(draft: FlashDraft): string | null {
  const value = encodeURIComponent(signValue(Buffer.from(JSON.stringify(draft)).toString("base64url")));
  if (value.length > MAX_COOKIE_CHARS) return null;
  return `${NAME}=${value}${attributes(MAX_AGE_S)}`;
}

function parse(raw: string): FlashDraft | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (typeof value !== "object" || value === null) return null;
    const { postId, parentId, text } = value as Record<string, unknown>;
    if (!Number.isSafeInteger(postId) || typeof text !== "string") return null;
    if (parentId !== null && !Number.isSafeInteger(parentId)) return null;
    return { postId: postId as number, parentId: parentId as number | null, text };
  } catch {
    return null;
  }
}

/** Reads the flash draft and returns the header that clears it. */
export function getDraft(request: Request): { draft: FlashDraft | null; clear: string | null } {
  const raw = request.headers.get("Cookie")?.match(/(?:^|;\s*)chortle_draft=([^;]*)/)?.[1];
  if (raw === undefined) return { draft: null, clear: null };
  let signed: string | null = null;
  try {
    signed = unsignValue(decodeURIComponent(raw));
  } catch {
    signed = null;
  }
  return { draft: signed ? parse(signed) : null, clear: `${NAME}=${attributes(0)}` };
}
