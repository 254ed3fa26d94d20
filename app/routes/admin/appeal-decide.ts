import type { Route } from "./+types/appeal-decide";
import { APPEAL_NOT_FOUND } from "~/rules/moderation-rules.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { DecideAppealSchema } from "~/rules/schemas/moderation.ts";
import { decideAppeal } from "~/models/moderation/standing.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";

// POST /admin/appeals/:id/decide {decision: upheld|granted, reason}: an appeal in /admin/reports.

export const loader = redirectLoader(() => "/admin/reports");

export const action = interactionAction(
  { who: "moderator", budget: "moderate", input: DecideAppealSchema },
  () => "/admin/reports",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const appealId = requireId(params.id, APPEAL_NOT_FOUND);
    const { decision, reason } = ctx.input;
    decideAppeal({ actorId: ctx.user.id, appealId, decision, reason });
    const title = decision === "granted" ? "Appeal granted — the member was told" : "Appeal upheld — the member was told";
    return succeed(ctx, { toast: { type: "success", title }, payload: { appealId }, anchor: undefined });
  },
  { failTitle: "Failed to decide the appeal", anchor: (_form, params) => `appeal-${params.id}` },
);
