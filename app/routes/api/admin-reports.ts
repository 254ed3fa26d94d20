import { z } from "zod";
import type { Route } from "./+types/admin-reports";
import { listCases } from "~/models/moderation/queue.server.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";

// GET /api/admin/reports?status=open|resolved → {cases: [{id, targetType, targetId, reportCount, reasons, …}]}:
// open cases most reported first, resolved newest first.
const StatusSchema = z.enum(["open", "resolved"]).catch("open");

export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => {
  await requireApiAdmin(request);
  const status = StatusSchema.parse(new URL(request.url).searchParams.get("status") ?? "open");
  return { status, cases: listCases({ status }) };
});
