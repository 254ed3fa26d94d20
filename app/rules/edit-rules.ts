// The texts and limits of editing (docs/product.md §5), without zod: the edit forms, the model and the
// JSON endpoints share them. The length rules of an edit are those of creating (comment-rules.ts,
// schemas/post-input.ts).

export const EDIT_WINDOW_CLOSED = "The edit window for this post has closed.";
export const EDIT_OWN_ONLY = "You can only edit your own posts and comments.";
export { EDITED_LABEL } from "../lib/edited-label.ts";
export const REDACTED_TEXT = "Removed by a moderator";
export const REDACT_REASON_REQUIRED = "Please give a reason for the redaction.";
export const REDACT_REASON_MAX = 500;

/** A history page shows this many versions (the current one first), newest first; ?page= goes further back. */
export const HISTORY_PAGE_SIZE = 20;

/** One run of a version's difference from the one before it: kept, removed or added text. */
export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

/** At most this many members are notified of one comment's mentions. */
export const MENTION_LIMIT = 5;

/** Whether something written at `createdAt` may still be edited `hours` later (0: editing is off). */
export function withinEditWindow(createdAt: Date | string, hours: number, now = Date.now()): boolean {
  if (hours <= 0) return false;
  return now - new Date(createdAt).getTime() <= hours * 3_600_000;
}

/** `?edit=comment-12` / `?edit=post`: which edit form a page shows without JavaScript. */
export const editParam = (kind: "comment" | "post", id?: number) => (kind === "comment" ? `comment-${id}` : "post");
export function editedCommentId(value: string | null): number | null {
  const match = /^comment-(\d{1,15})$/.exec(value ?? "");
  return match ? Number(match[1]) : null;
}
