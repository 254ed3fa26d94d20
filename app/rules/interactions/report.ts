import type { Toast } from "../../lib/toast.ts";

// Reporting a post, a comment or a member, one contract for the model (its messages), the form route
// (POST /reports), the JSON endpoint (POST /api/reports), the dialog and the review queue.
// Browser-safe: no zod, no server code.

export const REPORT_TARGET_TYPES = ["post", "comment", "user"] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASON_VALUES = ["spam", "harassment", "off_topic", "illegal", "other"] as const;
export type ReportReason = (typeof REPORT_REASON_VALUES)[number];

/** The dialog's choices, in order, with their hints. */
export const REPORT_REASON_LABELS: Record<ReportReason, { label: string; hint: string }> = {
  spam: { label: "Spam", hint: "Advertising, link farming, the same thing again and again" },
  harassment: { label: "Harassment", hint: "Insults, threats or piling on a person" },
  off_topic: { label: "Off-topic", hint: "Not a YouTube comment, not funny on purpose" },
  illegal: { label: "Illegal content", hint: "Something that breaks the law" },
  other: { label: "Other", hint: "Tell the moderators in the note" },
};

export const REPORT_NOTE_MAX = 500;
export const REPORT_THANKS = "Thanks — a moderator will look at it.";
export const REPORT_UNKNOWN_REASON = "Choose a reason: spam, harassment, off-topic, illegal content or other.";
export const REPORT_NOTE_TOO_LONG = `The note must be at most ${REPORT_NOTE_MAX} characters.`;
export const REPORT_OWN_ITEM = "You cannot report your own content.";
export const REPORT_ALREADY = "You have already reported this.";

/** A visitor pressing Report is asked to sign in in these words. */
export const REPORT_AUTH_TOAST: Toast = { type: "error", title: "Authentication required", description: "Please sign in to report content." };
export const REPORT_FAIL_TITLE = "Report not sent";

// The dialog's URL state lives in ./report-url.ts: the Report links of every card load only that.
export { REPORT_PARAM } from "./report-url.ts";

/** What a report answers: the case it joined. */
export type ReportView = { id: number; caseId: number; targetType: ReportTargetType; targetId: number; reason: ReportReason; note: string | null; createdAt: string };

/** The noun of an item in messages ('the post was removed'). */
export const TARGET_NOUN: Record<ReportTargetType, string> = { post: "post", comment: "comment", user: "account" };

// ---- The queue's decisions and what the people involved read. ----

export const CASE_ACTION_VALUES = ["dismiss", "remove", "suspend"] as const;
export type CaseAction = (typeof CASE_ACTION_VALUES)[number];
export const CASE_ACTION_LABELS: Record<CaseAction, string> = {
  dismiss: "Dismiss",
  remove: "Remove with reason",
  suspend: "Remove and suspend the author",
};
export const RESOLUTION_REASON_MAX = 500;
export const RESOLUTION_REASON_REQUIRED = "Write the reason the author will read.";
export const CASE_NOT_FOUND = "Report not found";
export const CASE_ALREADY_RESOLVED = "This report has already been resolved.";
export const CASE_RESOLVED_TOAST: Record<CaseAction, string> = {
  dismiss: "Report dismissed",
  remove: "Removed — the author was told why",
  suspend: "Removed and suspended — the author was told why",
};
