import type { Route } from "./+types/notification-read";
import { markNotificationRead } from "~/models/notification.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// PATCH /api/notifications/:id/read: only your own (another user's is "not found"). A suspended
// member keeps their notifications in hand.

export const loader = onlyMethods("PATCH");

export const action = apiAction<Route.ActionArgs>({
  PATCH: endpoint({ who: "member", budget: "toggle", whileSuspended: true }, ({ user, params }) =>
    markNotificationRead({ id: requireId(params.id, NOT_FOUND.notification), userId: user.id }),
  ),
});
