import type { Route } from "./+types/reports";
import { ReportSchema } from "~/lib/schemas/report.ts";
import { fileReport } from "~/models/moderation/report.server.ts";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";

// POST /api/reports {targetType, targetId, reason, note?} → 201 the report; 401 visitor, 400 an
// unknown reason or their own item, 404 a missing item, 409 reported already. Its own write budget.

export const loader = () => methodNotAllowed("POST");

export const action = apiAction<Route.ActionArgs>(
  {
    POST: async ({ request }) => {
      const user = await requireApiUser(request);
      const input = await parseJsonBody(request, ReportSchema);
      return fileReport({ reporterId: user.id, input });
    },
  },
  { status: { POST: 201 }, limit: "report" },
);
