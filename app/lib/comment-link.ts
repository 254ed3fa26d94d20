// YouTube comment ids and the links to a single comment (YOUTUBE.md "Links to a comment").
import { parseVideoId, watchUrl } from "./video-url.ts";

/** A comment id: a top-level comment's (its thread's), or a reply's "{parentId}.{replyId}". */
export const COMMENT_ID_PATTERN = /^[0-9A-Za-z_-]{1,100}(?:\.[0-9A-Za-z_-]{1,100})?$/;
/** comments.list takes at most 50 ids in one call. */
export const MAX_COMMENT_IDS = 50;

export function isCommentId(value: unknown): value is string {
  return typeof value === "string" && COMMENT_ID_PATTERN.test(value);
}

/** The top-level comment a reply answers ("{parentId}.{replyId}"), null for a top-level id. */
export function parentCommentId(commentId: string): string | null {
  const dot = commentId.indexOf(".");
  return dot > 0 ? commentId.slice(0, dot) : null;
}

/** The link to the comment itself: the watch link with `&lc=` (a reply's id, dot and all, the same way). */
export function commentUrl(videoId: string, commentId: string): string {
  return `${watchUrl(videoId)}&lc=${encodeURIComponent(commentId)}`;
}

/**
 * The video and the comment a pasted link points at: `watch?v={id}&lc={commentId}`,
 * `youtu.be/{id}?lc={commentId}` and any other video link form with `lc=`. The comment is null when
 * the link has no `lc` or it is not a comment id (HTML, spaces …).
 */
export function parseCommentLink(input: string | null | undefined): { videoId: string; commentId: string | null } | null {
  const videoId = parseVideoId(input);
  if (!videoId) return null;
  const raw = input!.trim();
  let lc: string | null = null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`);
    lc = url.searchParams.get("lc");
    if (!lc && url.hash.includes("lc=")) lc = new URLSearchParams(url.hash.slice(url.hash.indexOf("?") + 1)).get("lc");
  } catch {
    lc = null;
  }
  return { videoId, commentId: isCommentId(lc) ? lc : null };
}
