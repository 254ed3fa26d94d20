import type { Route } from "./+types/notifications-unread-count";
import { countUnread } from "~/models/notification.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { requireApiUser } from "~/http/guards.server.ts";

// GET /api/notifications/unread/count → {count}.

export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => ({ count: countUnread({ userId: (await requireApiUser(request)).id }) }));
