// The share dialog's state lives in the URL of the page it is opened on (DESIGN: modal state in the
// URL), so it works without JavaScript and survives sign-in. Client-safe: no zod here (the title rule,
// postTitleError, is in app/rules/schemas/post-input.ts).
import { COMMENT_ORDERS, type CommentOrder, type FetchedComment, type VideoDetails } from "../lib/video.ts";
import { SHARE_MESSAGES } from "./post-rules.ts";
import { PICK_MESSAGES } from "./comment-pick-rules.ts";

/**
 * The query parameters the dialog owns. Short and unusual on purpose: a page's own parameters
 * (the feed's `sort`, a `category` filter, …) must never be read or dropped by the dialog.
 */
export const SHARE_PARAM = {
  open: "share",
  step: "step",
  url: "url",
  title: "title",
  text: "text",
  author: "author",
  category: "cat",
  order: "order",
  pick: "pick",
  /** The words of the search over the video's comments (commentThreads.list searchTerms). */
  find: "find",
  pageToken: "pageToken",
  error: "err",
} as const;
const OWN_PARAMS: readonly string[] = Object.values(SHARE_PARAM);

/** How many pages of comments 'Load More Comments' may add (10 × 100 comments). */
export const MAX_COMMENT_PAGES = 10;

// Bounds on what the URL carries (the post's own limits are checked when it is created).
const LIMITS = { url: 2000, title: 300, text: 1000, author: 200, category: 40, pick: 200, find: 200, pageToken: 300 } as const;

export const SHARE_ERROR_MESSAGES = {
  url: SHARE_MESSAGES.invalidVideo,
  title: SHARE_MESSAGES.missingTitle,
  fields: SHARE_MESSAGES.missingFields,
  shared: PICK_MESSAGES.alreadyShared,
  pick: PICK_MESSAGES.commentGone,
  find: PICK_MESSAGES.searchTooLong,
} as const;
export type ShareErrorCode = keyof typeof SHARE_ERROR_MESSAGES;

type ShareStep = 1 | 2;

export type ShareValues = {
  url: string;
  title: string;
  text: string;
  author: string;
  category: string;
  order: CommentOrder;
  pick: string;
  find: string;
};

export type ShareState = {
  step: ShareStep;
  values: ShareValues;
  /** The page tokens of the comment pages loaded after the first. */
  pageTokens: string[];
  errors: ShareErrorCode[];
};

export const EMPTY_SHARE_VALUES: ShareValues = {
  url: "",
  title: "",
  text: "",
  author: "",
  category: "",
  order: "relevance",
  pick: "",
  find: "",
};

/** Reads a field from the URL or a form, as a string of bounded length. */
function field(source: URLSearchParams | FormData, name: string, max: number): string {
  const value = source.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** The dialog's state from the page URL's query, or from the dialog's form (same names). */
export function readShareState(source: URLSearchParams | FormData): ShareState {
  const order = field(source, SHARE_PARAM.order, 20);
  const errorCodes = source.getAll(SHARE_PARAM.error).filter((e): e is ShareErrorCode => typeof e === "string" && Object.hasOwn(SHARE_ERROR_MESSAGES, e));
  return {
    step: field(source, SHARE_PARAM.step, 2) === "2" ? 2 : 1,
    values: {
      url: field(source, SHARE_PARAM.url, LIMITS.url),
      title: field(source, SHARE_PARAM.title, LIMITS.title),
      // Browsers send a textarea's line breaks as CRLF.
      text: field(source, SHARE_PARAM.text, LIMITS.text).replace(/\r\n?/g, "\n"),
      author: field(source, SHARE_PARAM.author, LIMITS.author),
      category: field(source, SHARE_PARAM.category, LIMITS.category),
      order: (COMMENT_ORDERS as readonly string[]).includes(order) ? (order as CommentOrder) : "relevance",
      pick: field(source, SHARE_PARAM.pick, LIMITS.pick),
      find: field(source, SHARE_PARAM.find, LIMITS.find),
    },
    pageTokens: source
      .getAll(SHARE_PARAM.pageToken)
      .filter((t): t is string => typeof t === "string" && t.length > 0 && t.length <= LIMITS.pageToken)
      .slice(0, MAX_COMMENT_PAGES - 1),
    errors: [...new Set(errorCodes)],
  };
}

export function isShareOpen(params: URLSearchParams): boolean {
  return params.get(SHARE_PARAM.open) === "1";
}

/** The page under the dialog: path and query without the dialog's parameters. */
export function pageWithoutShare(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of OWN_PARAMS) params.delete(name);
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/** `page` with the dialog open in `state` (empty values are left out of the URL). */
export function shareHref(page: string, state: Partial<ShareState> = {}, hash = ""): string {
  const values = { ...EMPTY_SHARE_VALUES, ...state.values };
  const [path, query = ""] = page.split("?");
  const params = new URLSearchParams(query);
  params.set(SHARE_PARAM.open, "1");
  params.set(SHARE_PARAM.step, String(state.step ?? 1));
  const keys = ["url", "title", "text", "author", "category", "pick", "find"] as const;
  for (const key of keys) if (values[key]) params.set(SHARE_PARAM[key], values[key]);
  if (values.order !== "relevance") params.set(SHARE_PARAM.order, values.order);
  for (const token of state.pageTokens ?? []) params.append(SHARE_PARAM.pageToken, token);
  for (const code of state.errors ?? []) params.append(SHARE_PARAM.error, code);
  return `${path}?${params}${hash}`;
}

/** The anchor at the start of the nth page of comments (n ≥ 1), for 'Load More Comments'. */
export const commentPageAnchor = (n: number) => `share-comments-page-${n}`;

/** What the dialog shows about the video. */
export type ShareVideo = {
  details: VideoDetails;
  /** No key: details come from oEmbed or the fallback texts, and comments are typed by hand. */
  keyNotConfigured: boolean;
};

/** The root loader's `share`: null when the dialog is closed. */
export type ShareDialogData =
  | { signedIn: false; closeHref: string; signInHref: string }
  | {
      signedIn: true;
      closeHref: string;
      /** The page under the dialog (where forms come back to). */
      page: string;
      step: ShareStep;
      values: ShareValues;
      pageTokens: string[];
      errors: Partial<Record<ShareErrorCode, string>>;
      video: ShareVideo | null;
      /** The red 'YouTube API Error' panel's message. */
      apiError: string | null;
      comments: FetchedComment[];
      /** Index in `comments` where each loaded page after the first starts. */
      pageStarts: number[];
      nextPageToken: string | null;
      commentsError: string | null;
      /** The fetched comments already on the site, by comment id (their post's id and score). */
      sharedComments: Record<string, SharedPostLink>;
      /** The post already sharing what is picked or typed: the 'Already shared' notice. */
      alreadyShared: SharedPostLink | null;
    };

/** A post already on the site, as the 'Already shared' notice links to it. */
export type SharedPostLink = { id: number; title: string; score: number };

/** The dialog as a signed-in member sees it. */
export type OpenShareDialog = Extract<ShareDialogData, { signedIn: true }>;

/** docs/product.md §2 / §5 / §8 texts of the dialog. */
export const SHARE_TEXTS = {
  successTitle: "Success!",
  successDescription: "Your funny comment has been shared.",
  authTitle: "Authentication Required",
  authDescription: "You must be logged in to create a post. Please sign in to continue.",
  clipboardTitle: "Clipboard Error",
  clipboardDescription: "Unable to access clipboard. Please paste manually.",
} as const;
