import type { Route } from "./+types/admin-user-role";
import { setRole } from "~/models/admin/users.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { RoleSchema } from "~/rules/schemas/admin.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// PUT /api/admin/users/{id}/role {role: member|category_moderator|moderator|admin, categories?: [..]}
// → the user with its role; DELETE takes the role back (a member again). Admins only, logged.
export const action = apiAction<Route.ActionArgs>({
  PUT: endpoint({ who: "admin", budget: "moderate", input: RoleSchema }, ({ params, user, input }) =>
    setRole({ actorId: user.id, userId: requireId(params.id, NOT_FOUND.user), ...input }),
  ),
  DELETE: endpoint({ who: "admin", budget: "moderate" }, ({ params, user }) =>
    setRole({ actorId: user.id, userId: requireId(params.id, NOT_FOUND.user), role: "member", categories: [] }),
  ),
});

export const loader = onlyMethods("PUT, DELETE");
