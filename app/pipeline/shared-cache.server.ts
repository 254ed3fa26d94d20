// What a shared cache in front of the app (a reverse proxy, a CDN: deploy/nginx/) may keep, said in
// standard headers (docs/decisions/0135). A visitor's page that the answer memo could give to every
// visitor with the same cookies (every route's `handle.memo`, a 200 rendered from the render memo with
// its CSP by hashes, no Set-Cookie, no share dialog, the root's `user` null, no session cookie sent)
// is `public` for SHARED_MAX_AGE_S, and may be given SHARED_STALE_S more while the cache asks again (app/rules/cache-rules.ts):
// `Vary: Cookie`, because the page reads cookies a visitor sets (the theme, the time zone, and any
// added later). Everything else keeps what the browser rules say (entry.server.tsx): a member's page
// `private, no-store`, any other visitor's `private, no-cache` (streamed documents carry a nonce of
// their own; `.data` answers are not shared either).
import type { EntryContext } from "react-router";
import { SHARED_CACHE_CONTROL } from "~/rules/cache-rules.ts";
import { memoisable } from "./answer-memo.server.ts";

/** Whether a rendered document may be kept by a shared cache and given to other visitors. */
export function shareable(context: EntryContext, status: number, headers: Headers, sessionCookie: boolean): boolean {
  if (sessionCookie || status !== 200 || headers.has("Set-Cookie") || !memoisable(context)) return false;
  const root = context.staticHandlerContext.loaderData?.root as { share?: unknown; user?: unknown } | undefined;
  return root?.user === null && !root.share;
}

/** Marks `headers` as a shared answer: its Cache-Control and `Vary: Cookie`. */
export function markShared(headers: Headers) {
  headers.set("Cache-Control", SHARED_CACHE_CONTROL);
  headers.append("Vary", "Cookie");
}
