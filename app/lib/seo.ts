// What search engines may see: one list for robots.txt, one for the noindex pages (rendered by root).

/** Paths crawlers skip: the admin, the JSON API, every form action, private feeds. */
export const ROBOTS_DISALLOW = [
  "/admin",
  "/api/",
  "/post/*/vote",
  "/post/*/save",
  "/post/*/delete",
  "/post/*/comments$",
  "/comments/",
  "/profile/*/follow",
  "/sessions/",
  "/share",
  "/logout",
  "/sign-in-required",
  "/feeds/following/",
] as const;

/** Pages that may be crawled but never listed in results. */
const NOINDEX = ["/search", "/auth", "/reset-password", "/notifications", "/admin", "/account"];

export function isNoindexPath(pathname: string): boolean {
  return NOINDEX.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** A page's `<link rel="alternate">` to its Atom feed, as a meta descriptor. */
export function feedLink(title: string, href: string) {
  return { tagName: "link", rel: "alternate", type: "application/atom+xml", title, href } as const;
}

/** A member's private Following feed (the token is the only key). */
export function followingFeedPath(token: string): string {
  return `/feeds/following/${token}.xml`;
}
