// The share dialog's server side: reading its URL state for the root loader, and the rules its
// action (app/routes/share.tsx) applies. The YouTube lookups go through the cached client.
import { SHARE_MESSAGES } from "~/lib/schemas/post.ts";
import {
  isShareOpen,
  MAX_COMMENT_PAGES,
  pageWithoutShare,
  readShareState,
  SHARE_ERROR_MESSAGES,
  type ShareDialogData,
  type ShareVideo,
} from "~/lib/share.ts";
import type { CommentOrder, FetchedComment } from "~/lib/video.ts";
import { parseVideoId } from "~/lib/video-url.ts";
import { getUser } from "./session.server.ts";
import { youtube, YouTubeError } from "./youtube.server.ts";

export type ResolvedVideo = { ok: true; video: ShareVideo } | { ok: false; apiError: string | null };

/**
 * SPEC §5, step 1 → 2: the link must lead to a video YouTube knows, unless the API key is not
 * configured; then oEmbed (or the fallback texts, with video id 'unknown' if none was read) stand in.
 */
export async function resolveShareVideo(rawUrl: string): Promise<ResolvedVideo> {
  if (!rawUrl.trim()) return { ok: false, apiError: null };
  const client = youtube();
  const videoId = parseVideoId(rawUrl);
  if (!client.keyConfigured) {
    return { ok: true, video: { details: await client.getKeylessDetails(videoId), keyNotConfigured: true } };
  }
  if (!videoId) return { ok: false, apiError: null };
  try {
    return { ok: true, video: { details: await client.getVideo(videoId), keyNotConfigured: false } };
  } catch (error) {
    if (error instanceof YouTubeError) return { ok: false, apiError: error.message };
    throw error;
  }
}

/** The first page of comments and every page 'Load More Comments' added, in order, without repeats. */
async function loadCommentPages(videoId: string, order: CommentOrder, pageTokens: string[]) {
  const client = youtube();
  const tokens = [null, ...pageTokens];
  const pages = await Promise.allSettled(tokens.map((pageToken) => client.getComments({ videoId, order, pageToken })));
  const comments: FetchedComment[] = [];
  const pageStarts: number[] = [];
  const seen = new Set<string>();
  let nextPageToken: string | null = null;
  for (const [i, page] of pages.entries()) {
    if (page.status === "rejected") {
      if (!(page.reason instanceof YouTubeError)) console.error("comment lookup failed:", page.reason);
      const error = page.reason instanceof YouTubeError ? page.reason.message : SHARE_MESSAGES.failed;
      return { comments, pageStarts, nextPageToken: null, commentsError: error };
    }
    if (i > 0) pageStarts.push(comments.length);
    for (const comment of page.value.comments) {
      if (seen.has(comment.id)) continue;
      seen.add(comment.id);
      comments.push(comment);
    }
    nextPageToken = page.value.nextPageToken;
  }
  if (tokens.length >= MAX_COMMENT_PAGES) nextPageToken = null;
  return { comments, pageStarts, nextPageToken, commentsError: null };
}

/** The root loader's `share`: the open dialog's state from the URL, with the video looked up. */
export async function loadShareDialog(request: Request): Promise<ShareDialogData | null> {
  const url = new URL(request.url);
  if (!isShareOpen(url.searchParams)) return null;
  const page = pageWithoutShare(url);
  const user = await getUser(request);
  if (!user) {
    const redirectTo = `${url.pathname}${url.search}`;
    return { signedIn: false, closeHref: page, signInHref: `/auth?${new URLSearchParams({ redirectTo })}` };
  }

  const state = readShareState(url.searchParams);
  const errors: Partial<Record<keyof typeof SHARE_ERROR_MESSAGES, string>> = Object.fromEntries(
    state.errors.map((code) => [code, SHARE_ERROR_MESSAGES[code]]),
  );
  const base = {
    signedIn: true as const,
    closeHref: page,
    page,
    values: state.values,
    pageTokens: state.pageTokens,
    errors,
    video: null,
    apiError: null,
    comments: [],
    pageStarts: [],
    nextPageToken: null,
    commentsError: null,
  };
  if (!state.values.url.trim()) {
    return { ...base, step: 1, errors: state.step === 2 ? { ...errors, url: SHARE_ERROR_MESSAGES.url } : errors };
  }

  const resolved = await resolveShareVideo(state.values.url);
  if (!resolved.ok) {
    // Step 2 needs a resolved video: a hand-made URL without one shows step 1 with the reason.
    return {
      ...base,
      step: 1,
      apiError: resolved.apiError,
      errors: state.step === 2 ? { ...errors, url: SHARE_ERROR_MESSAGES.url } : errors,
    };
  }
  const { video } = resolved;
  const apiError = video.keyNotConfigured ? new YouTubeError("keyNotConfigured").message : null;
  if (state.step === 1 || !state.values.title.trim()) {
    const titleError = state.step === 2 ? { title: SHARE_ERROR_MESSAGES.title } : {};
    return { ...base, step: 1, video, apiError, errors: { ...errors, ...titleError } };
  }
  if (video.keyNotConfigured) return { ...base, step: 2, video, apiError };

  const pages = await loadCommentPages(video.details.id, state.values.order, state.pageTokens);
  // A comment picked without JavaScript fills the text and author that were not typed.
  const picked = state.values.pick ? pages.comments.find((c) => c.id === state.values.pick) : undefined;
  const values = {
    ...state.values,
    pick: picked?.id ?? "",
    text: state.values.text || picked?.text || "",
    author: state.values.author || picked?.authorDisplayName || "",
  };
  return { ...base, step: 2, values, video, apiError, ...pages };
}
