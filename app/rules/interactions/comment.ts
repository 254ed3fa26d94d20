import type { ActionReply } from "./action-reply.ts";
import type { Problem } from "../../lib/problem.ts";
import type { CommentView } from "../../lib/types.ts";

// Commenting, one contract for the form route (POST /post/:id/comments; a reply when parentId is
// set), the JSON endpoint and the comment box. The length rules are in comment-rules.ts (the box
// checks them as you type). Browser-safe: no zod, no server code.

/** What the comment form's fetcher receives on success: the new comment, or `ignored` for a blank one. */
export type CommentPayload = { comment?: CommentView; ignored?: boolean; held?: boolean };
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
 * What a no-JS comment form keeps in the URL when it fails, whatever failed (a rule, the write
 * limit): the box re-opens on its reply target with a rule's message (only our own messages are read
 * back from the URL). Its text comes back another way (`commentDraft`): never in the URL.
 */
export function commentKeptOnFailure(form: FormData, problem: Pick<Problem, "kind" | "message">): Record<string, string> {
  const parentId = replyTarget(form);
  return {
    ...(parentId !== null ? { replyTo: parentId } : {}),
    ...(problem.kind === "invalid" ? { commentError: problem.message } : {}),
  };
}

/** The text a failed comment form sent, to hand back to its box (empty: nothing to keep). */
export function commentDraft(form: FormData): { parentId: number | null; text: string } | null {
  const content = form.get("content");
  if (typeof content !== "string" || content.trim() === "") return null;
  const target = replyTarget(form);
  const parentId = target === null ? null : Number(target);
  if (parentId !== null && !Number.isSafeInteger(parentId)) return null;
  return { parentId, text: content };
}
