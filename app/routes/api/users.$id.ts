import type { Route } from "./+types/users.$id";
import { requireId } from "~/rules/schemas/id-field.ts";
import { getProfile, mayEditProfile, updateProfile } from "~/models/profile.server.ts";
import { ProfileUpdateSchema } from "~/rules/schemas/profile-input.ts";
import { apiAction, apiLoader, endpoint } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// GET /api/users/:id → the profile (isFollowingUser relative to the session; email only your own).
// PATCH /api/users/:id {bio, displayName?, location?, occupation?, website?} → the updated profile;
// 401 signed out, 403 someone else's, 400 invalid — in that order (mayEditProfile, then the schema):
// `input` is parsed when first read, here once the profile is known to be the member's own.

export const loader = apiLoader({ who: "anyone" }, ({ params, user }) =>
  getProfile({ id: requireId(params.id, NOT_FOUND.user), viewerId: user?.id }),
);

export const action = apiAction<Route.ActionArgs>(
  {
    PATCH: endpoint({ who: "member", budget: "toggle", input: ProfileUpdateSchema }, (args) => {
      const ids = { actorId: args.user.id, userId: requireId(args.params.id, NOT_FOUND.user) };
      mayEditProfile(ids);
      return updateProfile({ ...ids, changes: args.input });
    }),
  },
  { alsoAllow: ["GET"] },
);
