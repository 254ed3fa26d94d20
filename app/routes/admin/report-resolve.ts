import { redirect } from "react-router";
import type { Route } from "./+types/report-resolve";
import { CASE_NOT_FOUND, CASE_RESOLVED_TOAST } from "~/lib/interactions/report.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { ResolveCaseSchema } from "~/lib/schemas/report.ts";
import { resolveCase } from "~/models/moderation/queue.server.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /admin/reports/:id/resolve {action, reason, until?}: a decision on a case of /admin/reports.

export const loader = () => redirect("/admin/reports");

export const action = interactionAction<Route.ActionArgs["params"]>(
  () => "/admin/reports",
  async (ctx, params) => {
    const actor = await requireActor(ctx);
    const caseId = requireId(params.id, CASE_NOT_FOUND);
    const input = parseOrThrow(ResolveCaseSchema, {
      action: ctx.form.get("action"),
      reason: ctx.form.get("reason"),
      until: ctx.form.get("until") ?? undefined,
    });
    const resolved = resolveCase({ actorId: actor.id, caseId, ...input });
    return succeed(ctx, { toast: { type: "success", title: CASE_RESOLVED_TOAST[input.action] }, payload: { caseId: resolved.id }, anchor: undefined });
  },
  { failTitle: "Failed to resolve the report", anchor: (_form, params) => `case-${params.id}` },
);
