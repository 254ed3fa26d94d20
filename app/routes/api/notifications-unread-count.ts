import { countUnread } from "~/models/notification.server.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";

// GET /api/notifications/unread/count → {count}.

export const loader = apiLoader({ who: "member" }, ({ user }) => ({ count: countUnread({ userId: user.id }) }));
