import type { Route } from "./+types/report-resolve";
import { CASE_NOT_FOUND, CASE_RESOLVED_TOAST } from "~/rules/interactions/report.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { ResolveCaseSchema } from "~/rules/schemas/moderation.ts";
import { resolveCase } from "~/models/moderation/queue.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";

// POST /admin/reports/:id/resolve {action, reason, until?}: a decision on a case of /admin/reports.

export const loader = redirectLoader(() => "/admin/reports");

export const action = interactionAction(
  { who: "moderator", budget: "moderate", input: ResolveCaseSchema },
  () => "/admin/reports",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const caseId = requireId(params.id, CASE_NOT_FOUND);
    const resolved = resolveCase({ actorId: ctx.user.id, caseId, ...ctx.input });
    return succeed(ctx, { toast: { type: "success", title: CASE_RESOLVED_TOAST[ctx.input.action] }, payload: { caseId: resolved.id }, anchor: undefined });
  },
  { failTitle: "Failed to resolve the report", anchor: (_form, params) => `case-${params.id}` },
);
