import { isTheme, type Theme } from "~/lib/theme-names.ts";
import { getEnv } from "../../integrations/env.server.ts";

// The theme chosen with the switch, kept a year. Read by the root loader, which renders it as the
// class of <html> on the server: the first paint already has the right colours. The answer memo keys
// pages by the whole Cookie header, so a page memoised for one theme is never sent for another.

const NAME = "chortle_theme";
const YEAR_S = 365 * 24 * 60 * 60;

export function readTheme(request: Request): Theme {
  const value = request.headers.get("Cookie")?.match(/(?:^|;\s*)chortle_theme=([^;]*)/)?.[1];
  return isTheme(value) ? value : "system";
}

/** The Set-Cookie header for `theme` ("system" forgets the choice). */
export function themeHeader(theme: Theme): string {
  const secure = getEnv().COOKIE_SECURE ? "; Secure" : "";
  const maxAge = theme === "system" ? 0 : YEAR_S;
  return `${NAME}=${theme === "system" ? "" : theme}; Max-Age=${maxAge}; Path=/; HttpOnly${secure}; SameSite=Lax`;
}
