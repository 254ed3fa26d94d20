import type { Route } from "./+types/admin-user-suspension";
import { requireId } from "~/lib/schemas/id.ts";
import { SuspendSchema } from "~/lib/schemas/report.ts";
import { liftSuspension, suspendUser } from "~/models/moderation/suspension.server.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";

// POST /api/admin/users/{id}/suspend {reason, until: ISO date | null} → {suspended, id, until, message};
// DELETE /api/admin/users/{id}/suspension lifts it (404 when none). Admins cannot be suspended (403).
export const loader = () => methodNotAllowed("POST, DELETE");

export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const userId = requireId(params.id, "User not found");
    const { reason, until } = await parseJsonBody(request, SuspendSchema);
    return suspendUser({ actorId: admin.id, userId, reason, until });
  },
  DELETE: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    return liftSuspension({ actorId: admin.id, userId: requireId(params.id, "User not found") });
  },
});
