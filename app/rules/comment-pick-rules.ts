// The texts and limits of picking, searching and sharing a YouTube comment, apart from
// post-rules.ts so that the cards' code, which reads post-rules, does not carry them.

export const PICK_MESSAGES = {
  alreadyShared: "Already shared: this comment is on Chortle already.",
  commentGone: "That comment is not on YouTube (it may have been deleted or held).",
  searchTooLong: "Search words must be at most 100 characters.",
  commentOtherVideo: "That comment is not under this video. Nothing was posted.",
  invalidCommentId: "That is not a YouTube comment id.",
} as const;

/** The longest search over a video's comments (commentThreads.list searchTerms), in characters. */
export const COMMENT_SEARCH_MAX = 100;
