import type { Route } from "./+types/users.$id.follow";
import type { UserRow } from "#db/schema.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { followUser, unfollowUser } from "~/models/follow.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /api/users/:id/follow follows, DELETE unfollows; both → {following, followersCount}.
// 401 signed out, 404 unknown member, 400 'You cannot follow yourself'; twice changes nothing.

export const loader = onlyMethods("POST, DELETE");

const who = ({ user, params }: { user: UserRow; params: Record<string, string | undefined> }) => ({
  followerId: user.id,
  followingId: requireId(params.id, NOT_FOUND.user),
});

export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "member", budget: "follow" }, (args) => followUser(who(args))),
  DELETE: endpoint({ who: "member", budget: "follow" }, (args) => unfollowUser(who(args))),
});
