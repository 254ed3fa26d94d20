import type { Route } from "./+types/admin-report-resolve";
import { CASE_NOT_FOUND } from "~/rules/interactions/report.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { ResolveCaseSchema } from "~/rules/schemas/moderation.ts";
import { resolveCase } from "~/models/moderation/queue.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";

// POST /api/admin/reports/{id}/resolve {action: dismiss|remove|suspend, reason, until?} → the resolved case.
export const loader = onlyMethods("POST");

export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "moderator", budget: "moderate", input: ResolveCaseSchema }, ({ params, user, input }) =>
    resolveCase({ actorId: user.id, caseId: requireId(params.id, CASE_NOT_FOUND), ...input }),
  ),
});
