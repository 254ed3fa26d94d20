import type { ActionReply } from "./action-reply.ts";
import type { Toast } from "../../lib/toast.ts";

// Following a member, one contract for the model (the self-follow rule's message), the form route
// (POST /profile/:id/follow with intent=follow|unfollow), the JSON endpoint and the button.
// Browser-safe: no zod, no server code.

/** What following someone answers (the form's fetcher and POST/DELETE /api/users/:id/follow). */
export type FollowState = { following: boolean; followersCount: number };
export type FollowReply = ActionReply<FollowState>;

export const SELF_FOLLOW = "You cannot follow yourself";

/** A visitor pressing Follow is asked to sign in in these words. */
export const FOLLOW_AUTH_TOAST: Toast = { type: "error", title: "Authentication required", description: "Please log in to follow users" };

/** docs/product.md §5: the error toast's title; following yourself is titled 'Invalid action'. */
export function followFailTitle(intent: unknown, message: string): string {
  if (message === SELF_FOLLOW) return "Invalid action";
  return intent === "unfollow" ? "Failed to unfollow user" : "Failed to follow user";
}

/** The success toast's title. */
export const followToastTitle = (state: FollowState) => (state.following ? "Following" : "Unfollowed");
