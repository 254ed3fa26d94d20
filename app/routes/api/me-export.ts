import { jsonDownload } from "~/http/answers/download.server.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { exportFileName, exportMemberData } from "~/models/account/data-export.server.ts";

// GET /api/me/export: the signed-in member's data as one JSON file (attachment), at most once an
// hour (429 with Retry-After and {message}); a visitor gets 401. The demo account may export (its
// sessions, other visitors', are left out by the model).
export const loader = apiLoader({ who: "member" }, ({ user }) => {
  const data = exportMemberData({ userId: user.id });
  return jsonDownload(data, exportFileName(data));
});
