import { FOLLOW_AUTH_TOAST, followFailTitle, followToastTitle, type FollowState } from "~/rules/interactions/follow-member.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { FollowFormSchema } from "~/rules/schemas/profile-input.ts";
import { followUser, unfollowUser } from "~/models/follow.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /profile/:id/follow with intent=follow|unfollow: 303 back with 'Following' / 'Unfollowed'
// (JS off), or {following, followersCount} for the fetcher. Visitors sign in and come back.

export const loader = redirectLoader(({ params }) => `/profile/${encodeURIComponent(params.id ?? "")}`);

export const action = interactionAction(
  { who: "member", budget: "follow", input: FollowFormSchema },
  (params: { id?: string }) => `/profile/${params.id}`,
  (ctx, params) => {
    const { intent } = ctx.input;
    const ids = { followerId: ctx.user.id, followingId: requireId(params.id, NOT_FOUND.user) };
    const state = intent === "follow" ? followUser(ids) : unfollowUser(ids);
    return succeed<FollowState>(ctx, { toast: { type: "success", title: followToastTitle(state) }, payload: state });
  },
  { failTitle: (form, problem) => followFailTitle(form.get("intent"), problem.message), signInToast: FOLLOW_AUTH_TOAST },
);
