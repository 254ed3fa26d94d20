import { commentLimits } from "../comment-rules.ts";
import type { ActionReply } from "../interact.ts";
import type { Problem } from "../problem.ts";
import type { CommentView } from "../types.ts";

// Commenting, one contract for the form route (POST /post/:id/comments; a reply when parentId is
// set), the JSON endpoint and the comment box. The length rules are in comment-rules.ts (the box
// checks them as you type). Browser-safe: no zod, no server code.

/** What the comment form's fetcher receives on success: the new comment, or `ignored` for a blank one. */
export type CommentPayload = { comment?: CommentView; ignored?: boolean };
export type CommentReply = ActionReply<CommentPayload>;

/** The reply target a form names (its parentId), or null for a comment on the post. */
export function replyTarget(form: FormData): string | null {
  const value = form.get("parentId");
  return typeof value === "string" && value !== "" ? value : null;
}

/** Where the no-JS answer lands: the parent comment of a reply, else the thread. */
export const commentAnchor = (parentId: string | null) => (parentId !== null ? `comment-${parentId}` : "comments");

/** The error toast's title. */
export const commentFailTitle = (parentId: string | null) => (parentId !== null ? "Failed to post reply" : "Failed to post comment");

/** The success toast's title. */
export const commentToastTitle = (isReply: boolean) => (isReply ? "Reply posted!" : "Comment posted!");

/**
 * What a no-JS comment form keeps when it fails, whatever failed (a rule, the write limit): the box
 * re-opens on its reply target with its draft (when it fits), and a rule's message (only our own
 * messages are read back from the URL).
 */
export function commentKeptOnFailure(form: FormData, problem: Pick<Problem, "kind" | "message">): Record<string, string> {
  const parentId = replyTarget(form);
  const content = form.get("content");
  const draft = typeof content === "string" ? content : "";
  return {
    ...(draft.length <= commentLimits(parentId !== null).max ? { draft } : {}),
    ...(parentId !== null ? { replyTo: parentId } : {}),
    ...(problem.kind === "invalid" ? { commentError: problem.message } : {}),
  };
}
