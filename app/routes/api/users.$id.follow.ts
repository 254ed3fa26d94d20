import type { Route } from "./+types/users.$id.follow";
import { requireId } from "~/lib/schemas/id.ts";
import { followUser, unfollowUser } from "~/models/follow.server.ts";
import { USER_NOT_FOUND } from "~/lib/profile.ts";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed } from "~/http/json-api.server.ts";

// POST /api/users/:id/follow follows, DELETE unfollows; both → {following, followersCount}.
// 401 signed out, 404 unknown member, 400 'You cannot follow yourself'; twice changes nothing.

export const loader = () => methodNotAllowed("POST, DELETE");

async function who({ request, params }: Route.ActionArgs) {
  const user = await requireApiUser(request);
  return { followerId: user.id, followingId: requireId(params.id, USER_NOT_FOUND) };
}

export const action = apiAction<Route.ActionArgs>({
  POST: async (args) => followUser(await who(args)),
  DELETE: async (args) => unfollowUser(await who(args)),
});
