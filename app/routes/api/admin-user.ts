import type { Route } from "./+types/admin-user";
import { deleteUserAsAdmin } from "~/models/admin/user-delete.server.ts";
import { ReasonSchema } from "~/lib/schemas/admin.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";

// DELETE /api/admin/users/{id} [{reason}] → the account and everything it made are gone.
export const action = apiAction<Route.ActionArgs>({
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const userId = requireId(params.id, "User not found");
    const { reason } = await parseJsonBody(request, ReasonSchema);
    deleteUserAsAdmin({ actorId: admin.id, userId, reason });
    return { message: "User deleted" };
  },
});

export const loader = () => methodNotAllowed("DELETE");
