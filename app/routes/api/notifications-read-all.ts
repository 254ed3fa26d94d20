import type { Route } from "./+types/notifications-read-all";
import { markAllNotificationsRead } from "~/models/notification.server.ts";
import { json, methodNotAllowed, requireApiActor } from "~/services/interact.server.ts";

// PATCH /api/notifications/read-all.

export const loader = () => methodNotAllowed("PATCH");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  const user = await requireApiActor(request);
  return json({ success: true, updated: markAllNotificationsRead({ userId: user.id }) });
}
