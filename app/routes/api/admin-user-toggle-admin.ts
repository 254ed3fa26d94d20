import type { Route } from "./+types/admin-user-toggle-admin";
import { toggleUserAdmin } from "~/models/admin/users.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed } from "~/http/json-api.server.ts";

// POST /api/admin/users/{id}/toggle-admin → the user with username and isAdmin as it now is.
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    return toggleUserAdmin({ actorId: admin.id, userId: requireId(params.id, "User not found") });
  },
});

export const loader = () => methodNotAllowed("POST");
