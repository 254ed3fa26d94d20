import type { Route } from "./+types/users.$id";
import { requireId } from "~/lib/schemas/id.ts";
import { getProfile, updateProfile } from "~/models/profile.server.ts";
import { USER_NOT_FOUND } from "~/lib/profile.ts";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiAction, apiLoader, readJson } from "~/http/json-api.server.ts";
import { getUserId } from "~/http/session-cookie.server.ts";

// GET /api/users/:id → the profile (isFollowingUser relative to the session; email only your own).
// PATCH /api/users/:id {bio, displayName?, location?, occupation?, website?} → the updated profile;
// 401 signed out, 403 someone else's, 400 invalid — in that order (updateProfile decides the last two).

export const loader = apiLoader<Route.LoaderArgs>(async ({ request, params }) =>
  getProfile({ id: requireId(params.id, USER_NOT_FOUND), viewerId: await getUserId(request) }),
);

export const action = apiAction<Route.ActionArgs>(
  {
    PATCH: async ({ request, params }) => {
      const user = await requireApiUser(request);
      const userId = requireId(params.id, USER_NOT_FOUND);
      return updateProfile({ actorId: user.id, userId, input: await readJson(request) });
    },
  },
  { alsoAllow: ["GET"] },
);
