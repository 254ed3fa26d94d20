// Which video and comment a share names, as the server finds them (docs/product.md §5): YouTube's Data
// API when a key is set, else oEmbed, else the manual-post placeholders. What a client says about a
// video or a comment is never used. The share dialog's loader shows the lookup (with YouTube's own
// reason in the red panel); `sharePost` (both the dialog's form and POST /api/posts) resolves through
// `resolveVideo` and `resolveComment`.
//
// A member reaches YouTube only through `lookupClient`: it spends one of the member's lookups
// (enforceLookupLimit, docs/product.md §9) and only then hands out the client that every function
// here takes. So the dialog's loader and action, the JSON lookup and sharing spend one budget, and a
// path cannot reach YouTube without spending it.
import { SHARE_MESSAGES, type CommentFacts, type VideoFacts } from "~/rules/schemas/post-input.ts";
import { invalid, unavailable } from "~/lib/problem.ts";
import type { ShareVideo } from "~/rules/share-dialog-state.ts";
import type { VideoDetails } from "~/lib/video.ts";
import { parseVideoId, UNKNOWN_VIDEO_ID } from "~/lib/video-url.ts";
import { parentCommentId } from "~/lib/comment-link.ts";
import { quoteKey } from "~/rules/quote-key.ts";
import { POST_LIMITS } from "~/rules/post-rules.ts";
import { PICK_MESSAGES } from "~/rules/comment-pick-rules.ts";
import { truncateVisible } from "~/lib/text.ts";
import { enforceLookupLimit } from "./rate-limit.server.ts";
import { youtube, type YouTubeClient, type YouTubeComment } from "./youtube/client.server.ts";
import { YouTubeError } from "./youtube/errors.server.ts";

/** The YouTube client for one member's lookup: one unit of their lookup budget spent first (429 when none is left). */
export async function lookupClient(userId: number): Promise<YouTubeClient> {
  await enforceLookupLimit(userId);
  return youtube();
}

/** The video id a pasted link stands for: its id, 'unknown' if none could be read, "" for no link. */
export function videoIdFromUrl(rawUrl: string): string {
  if (!rawUrl.trim()) return "";
  return parseVideoId(rawUrl) ?? UNKNOWN_VIDEO_ID;
}

/**
 * The video behind `videoId` (an id or 'unknown'). Without a key this always succeeds (oEmbed or
 * the placeholders); with one, YouTube must know the video. Throws YouTubeError.
 */
async function findVideo(client: YouTubeClient, videoId: string): Promise<ShareVideo> {
  const id = videoId === UNKNOWN_VIDEO_ID ? null : videoId;
  if (!client.keyConfigured) return { details: await client.getKeylessDetails(id), keyNotConfigured: true };
  if (!id) throw new YouTubeError("videoNotFound");
  return { details: await client.getVideo(id), keyNotConfigured: false };
}

export type VideoLookup = { ok: true; video: ShareVideo } | { ok: false; apiError: string | null };

/** The dialog's view of a pasted link: the video, or why not (YouTube's message for the red panel). */
export async function lookupVideo(client: YouTubeClient, rawUrl: string): Promise<VideoLookup> {
  const videoId = videoIdFromUrl(rawUrl);
  // No link, or (with a key) a link without an id: the field's own message says it all.
  if (!videoId || (videoId === UNKNOWN_VIDEO_ID && client.keyConfigured)) return { ok: false, apiError: null };
  try {
    return { ok: true, video: await findVideo(client, videoId) };
  } catch (error) {
    if (error instanceof YouTubeError) return { ok: false, apiError: error.message };
    throw error;
  }
}

/**
 * The video a new post is about, for storing. A video YouTube does not know is Problem invalid
 * 'Please enter a valid YouTube video URL.' (field videoId); YouTube failing while a key is set is
 * Problem unavailable 'Failed to fetch video details' (503), and nothing is stored.
 */
export async function resolveVideo(client: YouTubeClient, videoId: string): Promise<VideoFacts> {
  try {
    return toVideoFacts((await findVideo(client, videoId)).details);
  } catch (error) {
    if (!(error instanceof YouTubeError)) throw error;
    if (error.reason === "videoNotFound") throw invalid(SHARE_MESSAGES.invalidVideo, "videoId");
    console.warn(`share: YouTube lookup of ${videoId} failed (${error.reason}): ${error.message}`);
    throw unavailable(SHARE_MESSAGES.videoUnavailable);
  }
}

function toVideoFacts(details: VideoDetails): VideoFacts {
  return {
    videoId: details.id,
    videoTitle: details.title,
    videoChannel: details.channelTitle,
    videoThumbnail: details.thumbnail,
    videoViewCount: details.viewCount,
    videoPublishedAt: details.publishedAt,
  };
}

/**
 * A comment by its id (comments.list, 1 unit), with its parent for a reply (same call), or null when
 * YouTube does not return it. Throws YouTubeError.
 */
export async function findComment(client: YouTubeClient, commentId: string): Promise<{ comment: YouTubeComment; videoId: string | null } | null> {
  const parent = parentCommentId(commentId);
  const found = await client.getCommentsById(parent ? [commentId, parent] : [commentId]);
  const comment = found.find((c) => c.id === commentId);
  if (!comment) return null;
  // Replies often come without their video: their top-level comment says it.
  const videoId = comment.videoId ?? found.find((c) => c.id === parent)?.videoId ?? null;
  return { comment, videoId };
}

export type PickedComment = { comment: string; commentAuthor: string } & CommentFacts;

/**
 * What a post of the picked comment keeps, from YouTube itself: its text, author, likes and date
 * (comments.list gives no reply count: a reply has none, a top-level comment's stays unknown until
 * the refresh job reads its thread), when they were checked, and its quote key. A comment YouTube does
 * not return, or one under another video, is Problem invalid (field youtubeCommentId); YouTube failing
 * is Problem unavailable. Nothing is stored then.
 */
export async function resolveComment(client: YouTubeClient, videoId: string, commentId: string): Promise<PickedComment> {
  if (!client.keyConfigured) throw unavailable(new YouTubeError("keyNotConfigured").message);
  let found: Awaited<ReturnType<typeof findComment>>;
  try {
    found = await findComment(client, commentId);
  } catch (error) {
    if (!(error instanceof YouTubeError)) throw error;
    console.warn(`share: YouTube lookup of comment ${commentId} failed (${error.reason}): ${error.message}`);
    throw unavailable(SHARE_MESSAGES.videoUnavailable);
  }
  if (!found) throw invalid(PICK_MESSAGES.commentGone, "youtubeCommentId");
  if (found.videoId !== null && found.videoId !== videoId) throw invalid(PICK_MESSAGES.commentOtherVideo, "youtubeCommentId");
  const { comment } = found;
  return {
    // A quote longer than a post keeps is cut (YouTube allows 10,000 characters); its link leads to all of it.
    comment: truncateVisible(comment.text, POST_LIMITS.commentMax),
    commentAuthor: truncateVisible(comment.author, POST_LIMITS.authorMax),
    youtubeCommentId: comment.id,
    commentLikeCount: comment.likeCount,
    commentReplyCount: comment.parentId ? 0 : null,
    commentPublishedAt: comment.publishedAt,
    youtubeCheckedAt: new Date().toISOString(),
    quoteKey: quoteKey({ commentId: comment.id }),
  };
}
