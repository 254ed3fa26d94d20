import { retryAfterDocumentHeaders } from "../../integrations/rate-limit.server.ts";

/** A page with a secret on it (a two-factor secret, recovery codes, a sign-in under way): no cache keeps it. */
export const PRIVATE_PAGE = { "Cache-Control": "private, no-store" } as const;

/** The `headers` export of such a page: never stored, and a refusal's Retry-After passed on. */
export function privatePageHeaders(args: { actionHeaders: Headers }): Headers {
  const headers = new Headers(retryAfterDocumentHeaders(args));
  headers.set("Cache-Control", PRIVATE_PAGE["Cache-Control"]);
  return headers;
}
