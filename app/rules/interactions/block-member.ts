import type { ActionReply } from "./action-reply.ts";

// Blocking a member: one contract for the model (its messages), the form route
// (POST /profile/:id/block with intent=block|unblock), the JSON endpoints and the buttons.
// Browser-safe: no zod, no server code.

export type BlockIntent = "block" | "unblock";

/** What blocking answers (the form's fetcher and POST/DELETE /api/users/:id/block). */
export type BlockState = { blocked: boolean };
export type BlockReply = ActionReply<BlockState>;

/** One entry of the blocker's list (the about tab, GET /api/me/blocks). */
export type BlockedMember = { id: number; username: string; displayName: string; blockedAt: string };

export const SELF_BLOCK = "You cannot block yourself";
/** Either of two members blocked the other: no replies, follows or mentions between them. */
export const BLOCKED_INTERACTION = "You can't interact with this member.";
/** What a blocker sees in place of a blocked member's comment (the thread keeps its shape). */
export const BLOCKED_COMMENT_TEXT = "[comment from a member you blocked]";

export function blockFailTitle(intent: unknown): string {
  return intent === "unblock" ? "Failed to unblock member" : "Failed to block member";
}

export const blockToastTitle = (state: BlockState) => (state.blocked ? "Member blocked" : "Member unblocked");
export const blockToastText = (state: BlockState) =>
  state.blocked
    ? "You won't see their posts or comments, and they can't reply to you, follow you or mention you."
    : "You will see their posts and comments again.";
