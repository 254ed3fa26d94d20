import type { Route } from "./+types/notification-read";
import { markNotificationRead } from "~/models/notification.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { apiAction, methodNotAllowed } from "~/http/json-api.server.ts";
import { requireApiUser } from "~/http/guards.server.ts";

// PATCH /api/notifications/:id/read: only your own (another user's is "not found").

export const loader = () => methodNotAllowed("PATCH");

export const action = apiAction<Route.ActionArgs>({
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    return markNotificationRead({ id: requireId(params.id, "Notification not found"), userId: user.id });
  },
});
