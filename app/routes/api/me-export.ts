import type { Route } from "./+types/me-export";
import { jsonDownload } from "~/http/download.server.ts";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { exportFileName, exportMemberData } from "~/models/account/data-export.server.ts";

// GET /api/me/export: the signed-in member's data as one JSON file (attachment), at most once an
// hour (429 with Retry-After and {message}); a visitor gets 401.
export const loader = apiLoader(async ({ request }: Route.LoaderArgs) => {
  const user = await requireApiUser(request);
  const data = exportMemberData({ userId: user.id });
  return jsonDownload(data, exportFileName(data));
});
