import type { Route } from "./+types/notifications-read-all";
import { markAllNotificationsRead } from "~/models/notification.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";

// PATCH /api/notifications/read-all (a suspended member keeps their notifications in hand).

export const loader = onlyMethods("PATCH");

export const action = apiAction<Route.ActionArgs>({
  PATCH: endpoint({ who: "member", budget: "toggle", whileSuspended: true }, ({ user }) => ({
    success: true,
    updated: markAllNotificationsRead({ userId: user.id }),
  })),
});
