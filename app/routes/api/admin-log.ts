import { listModerationLog } from "~/models/moderation-log.server.ts";
import { AdminListQuerySchema } from "~/rules/schemas/admin.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";

// GET /api/admin/log?page= → the moderation log, newest first, 50 a page.
export const loader = apiLoader({ who: "moderator", input: AdminListQuerySchema }, ({ input }) =>
  jsonRead("Failed to load the moderation log", () => listModerationLog(input).items),
);
