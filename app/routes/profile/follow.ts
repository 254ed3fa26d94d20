import { redirect } from "react-router";
import type { Route } from "./+types/follow";
import type { FollowState } from "~/lib/profile.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { FollowFormSchema } from "~/lib/schemas/profile.ts";
import { followUser, unfollowUser } from "~/models/follow.server.ts";
import { USER_NOT_FOUND } from "~/lib/profile.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /profile/:id/follow with intent=follow|unfollow: 303 back with 'Following' / 'Unfollowed'
// (JS off), or {following, followersCount} for the fetcher. Visitors sign in and come back.

const FOLLOW_AUTH_TOAST = { type: "error", title: "Authentication required", description: "Please log in to follow users" } as const;

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/profile/${encodeURIComponent(params.id)}`);
}

export const action = interactionAction<{ id?: string }>(
  (params) => `/profile/${params.id}`,
  async (ctx, params) => {
    const { intent } = parseOrThrow(FollowFormSchema, { intent: ctx.form.get("intent") });
    ctx.failTitle = intent === "follow" ? "Failed to follow user" : "Failed to unfollow user";
    const user = await requireActor(ctx, FOLLOW_AUTH_TOAST);
    const followingId = requireId(params.id, USER_NOT_FOUND);
    // docs/product.md §5: following yourself is titled 'Invalid action' (followUser refuses it).
    if (followingId === user.id) ctx.failTitle = "Invalid action";
    const ids = { followerId: user.id, followingId };
    const state = intent === "follow" ? followUser(ids) : unfollowUser(ids);
    return succeed<FollowState>(ctx, {
      toast: { type: "success", title: state.following ? "Following" : "Unfollowed" },
      payload: state,
    });
  },
  { failTitle: "Failed to follow user" },
);
