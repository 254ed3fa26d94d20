import type { Route } from "./+types/admin-report-resolve";
import { CASE_NOT_FOUND } from "~/lib/interactions/report.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { ResolveCaseSchema } from "~/lib/schemas/report.ts";
import { resolveCase } from "~/models/moderation/queue.server.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";

// POST /api/admin/reports/{id}/resolve {action: dismiss|remove|suspend, reason, until?} → the resolved case.
export const loader = () => methodNotAllowed("POST");

export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, params }) => {
    const admin = await requireApiAdmin(request);
    const caseId = requireId(params.id, CASE_NOT_FOUND);
    const input = await parseJsonBody(request, ResolveCaseSchema);
    return resolveCase({ actorId: admin.id, caseId, ...input });
  },
});
