import type { Route } from "./+types/notifications-read-all";
import { markAllNotificationsRead } from "~/models/notification.server.ts";
import { apiAction, methodNotAllowed } from "~/http/json-api.server.ts";
import { requireApiUser } from "~/http/guards.server.ts";

// PATCH /api/notifications/read-all.

export const loader = () => methodNotAllowed("PATCH");

export const action = apiAction<Route.ActionArgs>({
  PATCH: async ({ request }) => ({ success: true, updated: markAllNotificationsRead({ userId: (await requireApiUser(request)).id }) }),
});
