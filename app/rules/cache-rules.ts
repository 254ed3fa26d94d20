// What a shared cache in front of the app (deploy/nginx/, a CDN) may keep of a visitor's answer: a
// page (app/pipeline/shared-cache.server.ts), an Atom feed or a sitemap (app/http/answers/atom-answer.server.ts)
// alike, so each is gone from the cache within the same lag (docs/decisions/0135).

/** How long a shared cache may give a visitor's answer without asking (≤ the visitor lag, 0049). */
export const SHARED_MAX_AGE_S = 1;
/** How much longer it may give it while it asks again in the background. */
export const SHARED_STALE_S = 1;

export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${SHARED_STALE_S}`;
