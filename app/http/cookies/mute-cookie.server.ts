import { NO_VISITOR_MUTES, type VisitorMutes } from "~/rules/mute-rules.ts";
import { cleanVisitorMutes } from "~/models/mute/mute.server.ts";
import { getEnv } from "../../integrations/env.server.ts";

// A visitor's mutes (words and categories), kept a year in a cookie of their browser: nothing is
// stored for them on the server. Read back through the model's own rules (cleanVisitorMutes), so a
// hand-made cookie mutes only what a form could have. The answer memo keys pages by the whole Cookie
// header and the render memo by the data itself, so one visitor's mutes never reach another's page
// (tests/api/mutes-memo.test.ts).

const NAME = "chortle_mutes";
const YEAR_S = 365 * 24 * 60 * 60;
/** The cookie's value stays under this many characters (browsers keep 4 KB per cookie). */
const MAX_COOKIE_CHARS = 3_000;

export function readVisitorMutes(request: Request): VisitorMutes {
  const raw = request.headers.get("Cookie")?.match(/(?:^|;\s*)chortle_mutes=([^;]*)/)?.[1];
  if (!raw || raw.length > MAX_COOKIE_CHARS) return NO_VISITOR_MUTES;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as { w?: unknown; c?: unknown };
    const words = Array.isArray(value.w) ? value.w : [];
    const categories = Array.isArray(value.c) ? value.c : [];
    return cleanVisitorMutes({ words, categories });
  } catch {
    return NO_VISITOR_MUTES;
  }
}

/** A visitor's mutes for a list: none when a member is signed in (their own are read by their id). */
export function visitorMutesFor(request: Request, user: { id: number } | null): VisitorMutes | null {
  return user ? null : readVisitorMutes(request);
}

/** The cookie's value, or null when it would be too long for a browser to keep. */
export function visitorMutesValue(mutes: VisitorMutes): string | null {
  const value = encodeURIComponent(JSON.stringify({ w: mutes.words, c: mutes.categories }));
  return value.length > MAX_COOKIE_CHARS ? null : value;
}

/** The Set-Cookie header keeping `mutes` (none: the cookie is forgotten). */
export function visitorMutesHeader(value: string): string {
  const secure = getEnv().COOKIE_SECURE ? "; Secure" : "";
  const empty = value === encodeURIComponent(JSON.stringify({ w: [], c: [] }));
  return `${NAME}=${empty ? "" : value}; Max-Age=${empty ? 0 : YEAR_S}; Path=/; HttpOnly${secure}; SameSite=Lax`;
}
