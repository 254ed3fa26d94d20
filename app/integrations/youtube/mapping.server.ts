// YouTube's answers (videos.list, commentThreads.list) mapped to what the share flow shows.
import { FALLBACK_CHANNEL, FALLBACK_VIDEO_TITLE, type FetchedComment, type VideoDetails } from "~/lib/video.ts";
import { thumbnailUrl } from "~/lib/video-url.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** textDisplay is HTML (`<br>`, links, `&#39;`); used only when textOriginal is missing. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity[0] !== "#") return ENTITIES[entity.toLowerCase()] ?? whole;
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
}

function toCount(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return Math.max(0, Math.trunc(value));
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  return null;
}

export const str = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

type Thumbs = Partial<Record<"default" | "medium" | "high" | "standard" | "maxres", { url?: string }>>;
function pickThumbnail(thumbnails: Thumbs | undefined, videoId: string): string {
  for (const size of ["high", "medium", "standard", "maxres", "default"] as const) {
    const url = thumbnails?.[size]?.url;
    if (url?.startsWith("https://")) return url;
  }
  return thumbnailUrl(videoId);
}

export type VideoItem = {
  id?: string;
  snippet?: { title?: string; channelTitle?: string; publishedAt?: string; thumbnails?: Thumbs };
  statistics?: { viewCount?: string | number };
};

export function toVideoDetails(videoId: string, item: VideoItem): VideoDetails {
  return {
    id: str(item.id) ?? videoId,
    title: str(item.snippet?.title) ?? FALLBACK_VIDEO_TITLE,
    thumbnail: pickThumbnail(item.snippet?.thumbnails, videoId),
    channelTitle: str(item.snippet?.channelTitle) ?? FALLBACK_CHANNEL,
    viewCount: toCount(item.statistics?.viewCount),
    publishedAt: str(item.snippet?.publishedAt),
  };
}

export type ThreadItem = {
  id?: string;
  snippet?: {
    totalReplyCount?: number;
    topLevelComment?: {
      id?: string;
      snippet?: {
        textDisplay?: string;
        textOriginal?: string;
        authorDisplayName?: string;
        authorProfileImageUrl?: string;
        likeCount?: number | string;
        publishedAt?: string;
      };
    };
  };
};

export function toComment(item: ThreadItem): FetchedComment | null {
  const top = item.snippet?.topLevelComment;
  const s = top?.snippet;
  const text = typeof s?.textOriginal === "string" ? s.textOriginal : htmlToText(s?.textDisplay ?? "");
  const id = str(item.id) ?? str(top?.id);
  if (!id || !text.trim()) return null;
  return {
    id,
    text,
    authorDisplayName: str(s?.authorDisplayName) ?? "Unknown",
    authorProfileImageUrl: str(s?.authorProfileImageUrl) ?? "",
    publishedAt: str(s?.publishedAt) ?? "",
    likeCount: toCount(s?.likeCount) ?? 0,
    replyCount: toCount(item.snippet?.totalReplyCount) ?? 0,
  };
}

/** A comment looked up by its id (comments.list): top-level (id = its thread's id) or a reply ("{parentId}.{replyId}"). */
export type YouTubeComment = {
  id: string;
  text: string;
  author: string;
  likeCount: number;
  /** ISO 8601, null when YouTube gave none. */
  publishedAt: string | null;
  /** A reply's top-level comment. */
  parentId?: string;
  /** The video, when YouTube says it (replies often do not: keep the video id from the link). */
  videoId?: string;
};

export type CommentItem = {
  id?: string;
  snippet?: {
    videoId?: string;
    parentId?: string;
    textDisplay?: string;
    textOriginal?: string;
    authorDisplayName?: string;
    likeCount?: number | string;
    publishedAt?: string;
  };
};

export function toYouTubeComment(item: CommentItem): YouTubeComment | null {
  const s = item.snippet;
  const id = str(item.id);
  const text = typeof s?.textOriginal === "string" ? s.textOriginal : htmlToText(s?.textDisplay ?? "");
  if (!id || !text.trim()) return null;
  const parentId = str(s?.parentId) ?? undefined;
  const videoId = str(s?.videoId) ?? undefined;
  return {
    id,
    text,
    author: str(s?.authorDisplayName) ?? "Unknown",
    likeCount: toCount(s?.likeCount) ?? 0,
    publishedAt: str(s?.publishedAt),
    ...(parentId ? { parentId } : {}),
    ...(videoId ? { videoId } : {}),
  };
}
