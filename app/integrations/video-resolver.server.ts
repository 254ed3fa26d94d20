// Which video a share names, as the server finds it (docs/product.md §5): YouTube's Data API when a key is
// set, else oEmbed, else the manual-post placeholders. What a client says about a video is never
// used. The share dialog's loader shows the lookup (with YouTube's own reason in the red panel);
// `sharePost` (both the dialog's form and POST /api/posts) resolves through `resolveVideo`.
import { SHARE_MESSAGES, type VideoFacts } from "~/rules/schemas/post-input.ts";
import { invalid, unavailable } from "~/lib/problem.ts";
import type { ShareVideo } from "~/rules/share-dialog-state.ts";
import type { VideoDetails } from "~/lib/video.ts";
import { parseVideoId, UNKNOWN_VIDEO_ID } from "~/lib/video-url.ts";
import { youtube } from "./youtube/client.server.ts";
import { YouTubeError } from "./youtube/errors.server.ts";

/** The video id a pasted link stands for: its id, 'unknown' if none could be read, "" for no link. */
export function videoIdFromUrl(rawUrl: string): string {
  if (!rawUrl.trim()) return "";
  return parseVideoId(rawUrl) ?? UNKNOWN_VIDEO_ID;
}

/**
 * The video behind `videoId` (an id or 'unknown'). Without a key this always succeeds (oEmbed or
 * the placeholders); with one, YouTube must know the video. Throws YouTubeError.
 */
async function findVideo(videoId: string): Promise<ShareVideo> {
  const client = youtube();
  const id = videoId === UNKNOWN_VIDEO_ID ? null : videoId;
  if (!client.keyConfigured) return { details: await client.getKeylessDetails(id), keyNotConfigured: true };
  if (!id) throw new YouTubeError("videoNotFound");
  return { details: await client.getVideo(id), keyNotConfigured: false };
}

export type VideoLookup = { ok: true; video: ShareVideo } | { ok: false; apiError: string | null };

/** The dialog's view of a pasted link: the video, or why not (YouTube's message for the red panel). */
export async function lookupVideo(rawUrl: string): Promise<VideoLookup> {
  const videoId = videoIdFromUrl(rawUrl);
  // No link, or (with a key) a link without an id: the field's own message says it all.
  if (!videoId || (videoId === UNKNOWN_VIDEO_ID && youtube().keyConfigured)) return { ok: false, apiError: null };
  try {
    return { ok: true, video: await findVideo(videoId) };
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
export async function resolveVideo(videoId: string): Promise<VideoFacts> {
  try {
    return toVideoFacts((await findVideo(videoId)).details);
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
