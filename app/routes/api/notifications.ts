import type { Route } from "./+types/notifications";
import { listNotifications } from "~/models/notification.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { requireApiUser } from "~/http/guards.server.ts";

// GET /api/notifications → the newest notifications of the signed-in user.

export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => listNotifications({ userId: (await requireApiUser(request)).id }));
