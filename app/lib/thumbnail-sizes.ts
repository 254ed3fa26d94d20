// Video thumbnails come from our own origin (app/routes/thumbnails.ts): the reader's browser never
// contacts the video site, and a missing picture is a neutral placeholder rather than a broken image.
export type ThumbnailSize = "card" | "large";

/** The card size (320×180) and the large one for link previews. */
export const THUMBNAIL_SIZES = {
  card: { width: 320, height: 180 },
  large: { width: 480, height: 360 },
} as const satisfies Record<ThumbnailSize, { width: number; height: number }>;

/** `/thumbnails/{videoId}.jpg`, the large one with `?size=large`. */
export function thumbnailPath(videoId: string, size: ThumbnailSize = "card"): string {
  return `/thumbnails/${encodeURIComponent(videoId)}.jpg${size === "large" ? "?size=large" : ""}`;
}
