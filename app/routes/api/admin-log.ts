import type { Route } from "./+types/admin-log";
import { listModerationLog } from "~/models/moderation-log.server.ts";
import { parseAdminListQuery } from "~/lib/schemas/admin.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { jsonRead } from "~/http/json-read.server.ts";

// GET /api/admin/log?page= → the moderation log, newest first, 50 a page.
export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => {
  await requireApiAdmin(request);
  return jsonRead("Failed to load the moderation log", () => listModerationLog(parseAdminListQuery(new URL(request.url))).items);
});
