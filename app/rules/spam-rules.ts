// New accounts and spam (docs/product.md §11 "Spam"): the rules a browser can show too and the words a
// member reads. No zod, no server code.

/** A link in a text: a scheme, "www.", or a bare name under a common top-level domain. */
const LINK = /(?:\b[a-z][a-z\d+.-]*:\/\/|\bwww\.)\S|\b[a-z\d-]+(?:\.[a-z\d-]+)*\.(?:com|net|org|info|biz|io|co|ru|cn|xyz|top|shop|site|online|club|link|click|store|app|me|ly|gg|tk|pw)\b/i;

export function hasLink(text: string): boolean {
  return LINK.test(text);
}

/**
 * The text as its repeats are compared: compatibility forms folded, lower case, only letters and digits
 * (so spacing, punctuation, emoji and invisible characters make no difference).
 */
export function normalisedForRepeats(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

export const HELD_COMMENT_TOAST = {
  type: "success",
  title: "Waiting for review",
  description: "Your comment will appear once a moderator has approved it.",
} as const;
export const HELD_POST_TOAST = {
  type: "success",
  title: "Waiting for review",
  description: "Your post will appear once a moderator has approved it.",
} as const;
/** Shown beside a member's own waiting comment or post (nobody else sees it). */
export const HELD_LABEL = "Waiting for a moderator: only you can see this.";

/** A new account's edit that would add a link (a new comment with one waits for a moderator instead). */
export const NEWCOMER_LINK_EDIT = "New accounts cannot add a link by editing. Post it as a new comment: a moderator will look at it.";

export function tooManyMentions(max: number): string {
  return `New members can mention at most ${max} member${max === 1 ? "" : "s"} in a comment.`;
}

export const HELD_REASON_LABELS = { link: "A new account's comment with a link", newcomer: "A new account's first writes wait", repeated: "The same text as other new accounts", rule: "An admin's rule" } as const;
