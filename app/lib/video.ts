// What the share flow knows about a YouTube video and its comments (docs/product.md §3), client-safe.
import { DEFAULT_THUMBNAIL, thumbnailUrl, UNKNOWN_VIDEO_ID } from "./video-url.ts";

export type VideoDetails = {
  id: string;
  title: string;
  thumbnail: string;
  channelTitle: string;
  /** YouTube sends statistics as strings; we keep a number (null when unknown, e.g. from oEmbed). */
  viewCount: number | null;
  /** ISO 8601, null when unknown. */
  publishedAt: string | null;
};

export type FetchedComment = {
  id: string;
  text: string;
  authorDisplayName: string;
  authorProfileImageUrl: string;
  publishedAt: string;
  likeCount: number;
  replyCount: number;
};

export type CommentOrder = "relevance" | "time";
export const COMMENT_ORDERS: readonly CommentOrder[] = ["relevance", "time"];

/** docs/product.md §9: the lookup asks for 100 comments a page. */
export const COMMENTS_PAGE_SIZE = 100;

export const FALLBACK_VIDEO_TITLE = "Video information unavailable";
export const FALLBACK_CHANNEL = "Unknown channel";

/** docs/product.md §5's key-not-configured fallback: 'unknown' when no id was read, the hqdefault picture otherwise. */
export function fallbackVideoDetails(videoId: string | null): VideoDetails {
  return {
    id: videoId ?? UNKNOWN_VIDEO_ID,
    title: FALLBACK_VIDEO_TITLE,
    thumbnail: videoId ? thumbnailUrl(videoId) : DEFAULT_THUMBNAIL,
    channelTitle: FALLBACK_CHANNEL,
    viewCount: null,
    publishedAt: null,
  };
}
