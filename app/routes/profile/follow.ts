import { redirect } from "react-router";
import type { Route } from "./+types/follow";
import { FOLLOW_AUTH_TOAST, followFailTitle, followToastTitle, type FollowState } from "~/lib/interactions/follow.ts";
import { USER_NOT_FOUND } from "~/lib/profile.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { FollowFormSchema } from "~/lib/schemas/profile.ts";
import { followUser, unfollowUser } from "~/models/follow.server.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /profile/:id/follow with intent=follow|unfollow: 303 back with 'Following' / 'Unfollowed'
// (JS off), or {following, followersCount} for the fetcher. Visitors sign in and come back.

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/profile/${encodeURIComponent(params.id)}`);
}

export const action = interactionAction<{ id?: string }>(
  (params) => `/profile/${params.id}`,
  async (ctx, params) => {
    const { intent } = parseOrThrow(FollowFormSchema, { intent: ctx.form.get("intent") });
    const user = await requireActor(ctx, FOLLOW_AUTH_TOAST);
    const ids = { followerId: user.id, followingId: requireId(params.id, USER_NOT_FOUND) };
    const state = intent === "follow" ? followUser(ids) : unfollowUser(ids);
    return succeed<FollowState>(ctx, { toast: { type: "success", title: followToastTitle(state) }, payload: state });
  },
  { failTitle: (form, problem) => followFailTitle(form.get("intent"), problem.message) },
);
