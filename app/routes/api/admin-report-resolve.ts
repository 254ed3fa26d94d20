import type { Route } from "./+types/admin-report-resolve";
import { CASE_NOT_FOUND } from "~/lib/interactions/report.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { ResolveCaseSchema } from "~/lib/schemas/report.ts";
import { resolveCase } from "~/models/moderation/queue.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/json-api.server.ts";

// POST /api/admin/reports/{id}/resolve {action: dismiss|remove|suspend, reason, until?} → the resolved case.
export const loader = onlyMethods("POST");

export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "admin", budget: "toggle", input: ResolveCaseSchema }, ({ params, user, input }) =>
    resolveCase({ actorId: user.id, caseId: requireId(params.id, CASE_NOT_FOUND), ...input }),
  ),
});
