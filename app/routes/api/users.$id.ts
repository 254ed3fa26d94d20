import type { Route } from "./+types/users.$id";
import { requireId } from "~/lib/schemas/id.ts";
import { getProfile, mayEditProfile, updateProfile } from "~/models/profile.server.ts";
import { ProfileUpdateSchema } from "~/lib/schemas/profile.ts";
import { USER_NOT_FOUND } from "~/lib/profile.ts";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiAction, apiLoader, parseJsonBody } from "~/http/json-api.server.ts";
import { getUserId } from "~/http/session-cookie.server.ts";

// GET /api/users/:id → the profile (isFollowingUser relative to the session; email only your own).
// PATCH /api/users/:id {bio, displayName?, location?, occupation?, website?} → the updated profile;
// 401 signed out, 403 someone else's, 400 invalid — in that order (mayEditProfile, then the schema).

export const loader = apiLoader<Route.LoaderArgs>(async ({ request, params }) =>
  getProfile({ id: requireId(params.id, USER_NOT_FOUND), viewerId: await getUserId(request) }),
);

export const action = apiAction<Route.ActionArgs>(
  {
    PATCH: async ({ request, params }) => {
      const user = await requireApiUser(request);
      const ids = { actorId: user.id, userId: requireId(params.id, USER_NOT_FOUND) };
      mayEditProfile(ids);
      return updateProfile({ ...ids, changes: await parseJsonBody(request, ProfileUpdateSchema) });
    },
  },
  { alsoAllow: ["GET"] },
);
