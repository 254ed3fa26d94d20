import { z } from "zod";
import { listCases } from "~/models/moderation/queue.server.ts";
import { reachOf } from "~/models/moderation/roles.server.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";

// GET /api/admin/reports?status=open|resolved → {cases: [{id, targetType, targetId, reportCount, reasons, …}]}:
// open cases most reported first, resolved newest first. Any other status (or none) is 'open'.
const ReportsQuerySchema = z.object({ status: z.enum(["open", "resolved"]).catch("open") });

export const loader = apiLoader({ who: "moderator", input: ReportsQuerySchema }, ({ user, input: { status } }) => ({ status, cases: listCases({ status, reach: reachOf(user.id) }) }));
