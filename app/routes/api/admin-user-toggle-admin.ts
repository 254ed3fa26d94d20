import type { Route } from "./+types/admin-user-toggle-admin";
import { toggleUserAdmin } from "~/models/admin/users.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /api/admin/users/{id}/toggle-admin → the user with username and isAdmin as it now is.
export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "admin", budget: "moderate" }, ({ params, user }) =>
    toggleUserAdmin({ actorId: user.id, userId: requireId(params.id, NOT_FOUND.user) }),
  ),
});

export const loader = onlyMethods("POST");
