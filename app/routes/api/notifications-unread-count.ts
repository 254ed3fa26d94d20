import type { Route } from "./+types/notifications-unread-count";
import { countUnread } from "~/models/notification.server.ts";
import { json, requireApiActor } from "~/services/interact.server.ts";

// GET /api/notifications/unread/count → {count}.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiActor(request);
  return json({ count: countUnread({ userId: user.id }) });
}
