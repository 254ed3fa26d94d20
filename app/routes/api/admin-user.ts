import type { Route } from "./+types/admin-user";
import { deleteUserAsAdmin } from "~/models/admin/user-delete.server.ts";
import { ReasonSchema } from "~/rules/schemas/admin.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// DELETE /api/admin/users/{id} [{reason}] → the account and everything it made are gone.
export const action = apiAction<Route.ActionArgs>({
  DELETE: endpoint({ who: "admin", budget: "moderate", input: ReasonSchema }, ({ params, user, input }) => {
    deleteUserAsAdmin({ actorId: user.id, userId: requireId(params.id, NOT_FOUND.user), reason: input.reason });
    return { message: "User deleted" };
  }),
});

export const loader = onlyMethods("DELETE");
