import type { Route } from "./+types/notifications";
import { listNotifications } from "~/models/notification.server.ts";
import { json, requireApiActor } from "~/services/interact.server.ts";

// GET /api/notifications → the newest notifications of the signed-in user.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiActor(request);
  return json(listNotifications({ userId: user.id }));
}
