import type { Route } from "./+types/admin-user-suspension";
import { requireId } from "~/rules/schemas/id-field.ts";
import { SuspendSchema } from "~/rules/schemas/moderation.ts";
import { liftSuspension, suspendUser } from "~/models/moderation/suspension.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /api/admin/users/{id}/suspend {reason, until: ISO date | null} → {suspended, id, until, message};
// DELETE /api/admin/users/{id}/suspension lifts it (404 when none). Admins cannot be suspended (403).
export const loader = onlyMethods("POST, DELETE");

export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "moderator", budget: "moderate", input: SuspendSchema }, ({ user, params, input }) =>
    suspendUser({ actorId: user.id, userId: requireId(params.id, NOT_FOUND.user), reason: input.reason, until: input.until }),
  ),
  DELETE: endpoint({ who: "moderator", budget: "moderate" }, ({ user, params }) =>
    liftSuspension({ actorId: user.id, userId: requireId(params.id, NOT_FOUND.user) }),
  ),
});
