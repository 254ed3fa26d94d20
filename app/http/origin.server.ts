import { getEnv } from "../integrations/env.server.ts";

/** The site's public origin for shared links: PUBLIC_URL when set, else the request's own. */
export function siteOrigin(request: Request): string {
  const configured = getEnv().PUBLIC_URL;
  return new URL(configured ?? request.url).origin;
}
