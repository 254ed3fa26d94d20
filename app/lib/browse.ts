// Client-safe shapes and constants of the read side: feeds, sorts, time ranges (docs/product.md §3, §4, §9).

export const FEED_SORTS = ["hot", "new", "top"] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
const FEED_SORT_LABELS: Record<FeedSort, string> = { hot: "Hot", new: "New", top: "Top" };
/** The home page also has 'Following' (members only): posts by the people you follow, newest first. */
export const HOME_SORTS = [...FEED_SORTS, "following"] as const;
export type HomeSort = (typeof HOME_SORTS)[number];
export const HOME_SORT_LABELS: Record<HomeSort, string> = { ...FEED_SORT_LABELS, following: "Following" };

export const TIMEFRAMES = ["all", "today", "week", "month", "year"] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  all: "All Time",
  today: "Today",
  week: "This Week",
  month: "This Month",
  year: "This Year",
};

export const LIST_SORTS = ["newest", "oldest", "most_upvoted", "most_commented"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const LIST_SORT_LABELS: Record<ListSort, string> = {
  newest: "Newest",
  oldest: "Oldest",
  most_upvoted: "Most Upvoted",
  most_commented: "Most Commented",
};

/** docs/product.md §9: the feed shows 10 and grows by 5. */
export const FEED_PAGE = 10;
export const FEED_STEP = 5;
/** The most a screen lists at once (a Load More link stops there). */
export const MAX_LIST = 200;
/** The longest 'Top Contributors This Week' list that may be asked for (/api/users/top/contributors?limit=). */
export const MAX_CONTRIBUTORS = 20;
/** Category pages grow by 10. */
export const CATEGORY_PAGE = 10;

const DAY = 24 * 60 * 60 * 1000;

/**
 * A page's clock for its relative times ("3h ago") and rolling ranges, to the minute: two requests
 * with the same data in the same minute render the same HTML (app/pipeline/render-memo.server.ts).
 */
export function pageClock(now = Date.now()): number {
  return now - (now % 60_000);
}
const TIMEFRAME_MS: Record<Exclude<Timeframe, "all">, number> = {
  today: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** The start of a rolling time range ('today' = the last 24 hours), or null for all time. */
export function timeframeStart(timeframe: Timeframe, now: number): Date | null {
  return timeframe === "all" ? null : new Date(now - TIMEFRAME_MS[timeframe]);
}

export type PostAuthor = { id: number | null; username: string; displayName: string };

/**
 * A post's author from its joined users row: an author whose account is gone (no row) is "Unknown",
 * with no id to link to. Every read of posts names its author this way (cards, sidebar, feeds).
 */
export function postAuthor(userId: number | null, username: string | null, displayName: string | null): PostAuthor {
  if (username === null) return { id: null, username: "Unknown", displayName: "Unknown" };
  return { id: userId, username, displayName: displayName || username };
}

/** A post as every list, page and JSON answer shows it: docs/product.md §3's fields plus the viewer's state. */
export type PostView = {
  id: number;
  /** Null when the author's account is gone. */
  userId: number | null;
  /** 'Unknown' when the author's account is gone. */
  username: string;
  title: string;
  content: string;
  category: string;
  comment: string;
  commentAuthor: string;
  videoId: string;
  videoTitle: string;
  videoChannel: string;
  videoThumbnail: string;
  videoViewCount: number | null;
  videoPublishedAt: string | null;
  /** The moment of the video the shared link pointed at (its t=), in whole seconds; null: the start. */
  videoStart: number | null;
  upvotes: number;
  downvotes: number;
  /** upvotes − downvotes. */
  score: number;
  commentsCount: number;
  createdAt: string;
  /** When its title, category or quoted author was last edited (null: never). */
  editedAt: string | null;
  author: PostAuthor;
  myVote: "up" | "down" | null;
  isSaved: boolean;
  /**
   * The YouTube comment the quote is (decision 0153): its link (`&lc=`), likes, replies and date as
   * YouTube gave them and when they were checked (null when unknown). Null for a quote typed by hand
   * and for a comment no longer on YouTube.
   */
  youtubeComment: {
    id: string;
    url: string;
    likeCount: number | null;
    replyCount: number | null;
    publishedAt: string | null;
    checkedAt: string | null;
  } | null;
  /** The quote was typed or pasted by hand: no YouTube comment behind it. */
  enteredByHand: boolean;
  /** The quoted comment (or its video) is no longer on YouTube: the quote stays, its link and numbers go. */
  commentGone: boolean;
  /** The video is no longer on YouTube. */
  videoGone: boolean;
};

export type UserResult = { id: number; username: string; displayName: string; postsCount: number };
export type TopContributor = { id: number; username: string; upvotes: number };
export type CategoryCount = { name: string; slug: string; postsCount: number };

/**
 * The share dialog (built at /?share=1). Visitors open it too: it shows them the 'Authentication
 * Required' panel, whose 'Sign In to Continue' comes back to it (docs/product.md §2 Share dialog).
 */
export const SHARE_DIALOG_HREF = "/?share=1";

/** The header's and the empty feed's share buttons: visitors go to sign in first, then to the dialog. */
export function shareDialogHref(signedIn: boolean): string {
  return signedIn ? SHARE_DIALOG_HREF : `/auth?${new URLSearchParams({ redirectTo: SHARE_DIALOG_HREF })}`;
}

/** The watch page of a video (docs/product.md §2: 'Watch on YouTube'), at a moment when one is given. */
export { watchUrl as youtubeWatchUrl } from "./video-url.ts";
