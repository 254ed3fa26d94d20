import type { EmailKind } from "#db/schema.ts";

// E-mail preferences (docs/product.md §12): what a member may opt into, in the page's order, with the
// words the page, the API and the mails use. Browser-safe: no zod, no server code.

export type { EmailKind };

export const EMAIL_KIND_LABELS = {
  reply_to_comment: "Replies to my comments",
  comment_on_post: "Comments on my posts",
  mention: "Mentions of me",
  thread_activity: "New comments in threads I follow",
  new_follower: "New followers",
  content_removed: "When a moderator removes my post or comment",
  content_restored: "When a moderator restores my post or comment",
  report_outcome: "The outcome of my reports",
  appeal_outcome: "Decisions on my appeals",
  role_changed: "Changes to my role (moderator and the like)",
  weekly_digest: "A weekly digest of the funniest posts I missed (only in weeks I did not visit)",
} as const satisfies Record<EmailKind, string>;

export const EMAIL_KIND_LIST = Object.keys(EMAIL_KIND_LABELS) as EmailKind[];

/** The notices mailed a few minutes after they happen (the digest aside). */
export type NoticeKind = Exclude<EmailKind, "weekly_digest">;
export const NOTICE_KINDS = EMAIL_KIND_LIST.filter((k): k is NoticeKind => k !== "weekly_digest");

/** A member's choices: every kind, on or off (GET /api/me/email-preferences). */
export type EmailPreferences = Record<EmailKind, boolean>;

/**
 * What an unsubscribe link ends: every notice mail ("notices") or the digest. A link names its scope,
 * so a mail client's one-click POST (RFC 8058) ends exactly the mail it came with.
 */
export const UNSUBSCRIBE_SCOPES = ["notices", "weekly_digest", "all"] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

export const UNSUBSCRIBE_SCOPE_TEXT: Record<UnsubscribeScope, string> = {
  notices: "notice e-mails (replies, comments, mentions, followed threads, followers, moderation decisions)",
  weekly_digest: "the weekly digest",
  all: "every e-mail",
};

export const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Open the newest e-mail's link, or change your e-mail preferences after signing in.";
