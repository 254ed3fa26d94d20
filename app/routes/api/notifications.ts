import { listNotifications } from "~/models/notification.server.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";

// GET /api/notifications → the newest notifications of the signed-in user.

export const loader = apiLoader({ who: "member" }, ({ user }) => listNotifications({ userId: user.id }));
