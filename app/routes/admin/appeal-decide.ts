import { redirect } from "react-router";
import type { Route } from "./+types/appeal-decide";
import { APPEAL_NOT_FOUND } from "~/lib/moderation-rules.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { DecideAppealSchema } from "~/lib/schemas/report.ts";
import { decideAppeal } from "~/models/moderation/standing.server.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /admin/appeals/:id/decide {decision: upheld|granted, reason}: an appeal in /admin/reports.

export const loader = () => redirect("/admin/reports");

export const action = interactionAction<Route.ActionArgs["params"]>(
  () => "/admin/reports",
  async (ctx, params) => {
    const actor = await requireActor(ctx);
    const appealId = requireId(params.id, APPEAL_NOT_FOUND);
    const { decision, reason } = parseOrThrow(DecideAppealSchema, { decision: ctx.form.get("decision"), reason: ctx.form.get("reason") });
    decideAppeal({ actorId: actor.id, appealId, decision, reason });
    const title = decision === "granted" ? "Appeal granted — the member was told" : "Appeal upheld — the member was told";
    return succeed(ctx, { toast: { type: "success", title }, payload: { appealId }, anchor: undefined });
  },
  { failTitle: "Failed to decide the appeal", anchor: (_form, params) => `appeal-${params.id}` },
);
