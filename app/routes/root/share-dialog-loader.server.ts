// The share dialog's server side: its URL state read for the root loader, with the video looked up
// (app/integrations/video-resolver.server.ts) and the pages of comments loaded through the cached client.
import { postTitleError, searchTermsOf, SHARE_MESSAGES } from "~/rules/schemas/post-input.ts";
import { PICK_MESSAGES } from "~/rules/comment-pick-rules.ts";
import { isProblem } from "~/lib/problem.ts";
import { quoteKey } from "~/rules/quote-key.ts";
import {
  isShareOpen,
  MAX_COMMENT_PAGES,
  pageWithoutShare,
  readShareState,
  SHARE_ERROR_MESSAGES,
  type ShareDialogData,
} from "~/rules/share-dialog-state.ts";
import type { CommentOrder, FetchedComment } from "~/lib/video.ts";
import { signInPath } from "../../http/guards.server.ts";
import type { UserRow } from "#db/schema.ts";
import { findComment, lookupClient, lookupVideo } from "../../integrations/video-resolver.server.ts";
import type { YouTubeClient } from "../../integrations/youtube/client.server.ts";
import { YouTubeError } from "../../integrations/youtube/errors.server.ts";
import { sharedComments, sharedQuote } from "../../models/post/quote.server.ts";

/** The first page of comments and every page 'Load More Comments' added, in order, without repeats. */
async function loadCommentPages(client: YouTubeClient, videoId: string, order: CommentOrder, pageTokens: string[], searchTerms: string) {
  const tokens = [null, ...pageTokens];
  const pages = await Promise.allSettled(tokens.map((pageToken) => client.getComments({ videoId, order, pageToken, searchTerms })));
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

/** The root loader's `share`: the open dialog's state from the URL, with the video looked up; `user` is who looks (the root's contract admitted them). */
export async function loadShareDialog(request: Request, user: Pick<UserRow, "id"> | null): Promise<ShareDialogData | null> {
  const url = new URL(request.url);
  if (!isShareOpen(url.searchParams)) return null;
  const page = pageWithoutShare(url);
  if (!user) {
    // 'Sign In to Continue' comes back to the dialog (docs/product.md §2).
    return { signedIn: false, closeHref: page, signInHref: signInPath(`${url.pathname}${url.search}`) };
  }

  const state = readShareState(url.searchParams);
  // The title's message comes from the one title rule, so it says what is wrong ('at least 3 …').
  const titleError = postTitleError(state.values.title);
  const errors: Partial<Record<keyof typeof SHARE_ERROR_MESSAGES, string>> = Object.fromEntries(
    state.errors.filter((code) => code !== "title").map((code) => [code, SHARE_ERROR_MESSAGES[code]]),
  );
  if (titleError && (state.step === 2 || state.errors.includes("title"))) errors.title = titleError;
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
    sharedComments: {},
    alreadyShared: null,
  };
  if (!state.values.url.trim()) {
    return { ...base, step: 1, errors: state.step === 2 ? { ...errors, url: SHARE_ERROR_MESSAGES.url } : errors };
  }

  // One of the member's lookups for everything this view asks YouTube (the video, its comments, a linked comment).
  let client: YouTubeClient;
  try {
    client = await lookupClient(user.id);
  } catch (error) {
    if (!isProblem(error)) throw error;
    return { ...base, step: 1, apiError: error.message };
  }
  const resolved = await lookupVideo(client, state.values.url);
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
  if (state.step === 1 || titleError) return { ...base, step: 1, video, apiError };
  if (video.keyNotConfigured) return { ...base, step: 2, video, apiError };

  const searchTerms = searchTermsOf(state.values.find);
  if (searchTerms === null) errors.find = PICK_MESSAGES.searchTooLong;
  const pages = await loadCommentPages(client, video.details.id, state.values.order, state.pageTokens, searchTerms ?? "");
  // A comment picked without JavaScript fills the text and author that were not typed; one named by
  // the link's lc= (or not on these pages) is looked up by its id (comments.list, replies too).
  let picked = state.values.pick ? pages.comments.find((c) => c.id === state.values.pick) : undefined;
  if (state.values.pick && !picked) {
    picked = await pickedById(client, video.details.id, state.values.pick);
    if (picked) pages.comments.unshift(picked);
    else errors.pick = PICK_MESSAGES.commentGone;
  }
  const values = {
    ...state.values,
    pick: picked?.id ?? "",
    text: state.values.text || picked?.text || "",
    author: state.values.author || picked?.authorDisplayName || "",
  };
  const shared = sharedComments(pages.comments.map((c) => c.id));
  // What is picked (by its id) or typed (by video and normalised text) may be on the site already.
  const key = values.pick ? quoteKey({ commentId: values.pick }) : values.text.trim() ? quoteKey({ videoId: video.details.id, text: values.text }) : null;
  const alreadyShared = (values.pick ? shared.get(values.pick) : undefined) ?? sharedQuote(key);
  return { ...base, step: 2, values, video, apiError, ...pages, errors, sharedComments: Object.fromEntries(shared), alreadyShared };
}

/** The comment a link or a pick names, looked up by id, as the picker lists it; undefined when gone or elsewhere. */
async function pickedById(client: YouTubeClient, videoId: string, commentId: string): Promise<FetchedComment | undefined> {
  try {
    const found = await findComment(client, commentId);
    if (!found || (found.videoId !== null && found.videoId !== videoId)) return undefined;
    const { comment } = found;
    return {
      id: comment.id,
      text: comment.text,
      authorDisplayName: comment.author,
      authorProfileImageUrl: "",
      publishedAt: comment.publishedAt ?? "",
      likeCount: comment.likeCount,
      replyCount: 0,
    };
  } catch (error) {
    if (error instanceof YouTubeError) return undefined;
    throw error;
  }
}
