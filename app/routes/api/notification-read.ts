import type { Route } from "./+types/notification-read";
import { markNotificationRead } from "~/models/notification.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { json, methodNotAllowed, requireApiActor, requireParamId } from "~/services/interact.server.ts";

// PATCH /api/notifications/:id/read: only your own (another user's is "not found").

export const loader = () => methodNotAllowed("PATCH");

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const user = await requireApiActor(request);
  const id = requireParamId(params.id, "Notification not found");
  const notification = markNotificationRead({ id, userId: user.id });
  if (!notification) return jsonError("Notification not found", 404);
  return json(notification);
}
