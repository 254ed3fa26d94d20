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

export type CardImage = { url: string; width: number; height: number; alt: string };

/**
 * The site's own card (public/site-card.png, drawn by scripts/site-card.mjs): the preview image of a
 * page without a picture of its own. Preview services want a raster image and its true size.
 */
export const SITE_CARD = { path: "/site-card.png", width: 1200, height: 630 } as const;

export function siteCardImage(origin: string, siteName: string): CardImage {
  return { url: `${origin}${SITE_CARD.path}`, width: SITE_CARD.width, height: SITE_CARD.height, alt: siteName };
}

/** A post's own picture (the quote drawn, /post/{id}/preview.png): its size, and its URL at a revision. */
export const POST_PREVIEW = { width: 1200, height: 630 } as const;

export function postPreviewImage(origin: string, postId: number, revision: number, alt: string): CardImage {
  return { url: `${origin}/post/${postId}/preview.png?v=${revision}`, ...POST_PREVIEW, alt };
}

export type PageCard = {
  siteName: string;
  /** The page's canonical absolute URL. */
  url: string;
  title: string;
  description: string;
  image?: CardImage;
  type?: "website" | "article" | "profile";
};

/** The canonical link, Open Graph and Twitter card tags of a public page: what link previews read. */
export function pageCard({ siteName, url, title, description, image, type = "website" }: PageCard) {
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: siteName },
    { property: "og:url", content: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
          { property: "og:image:alt", content: image.alt },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image.url }] : []),
  ];
}
