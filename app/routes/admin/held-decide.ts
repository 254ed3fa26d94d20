import type { Route } from "./+types/held-decide";
import { requireId } from "~/rules/schemas/id-field.ts";
import { HeldDecisionSchema } from "~/rules/schemas/spam.ts";
import { decideHeld } from "~/models/spam/held.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";

// POST /admin/held/:id/decide {decision: approve|reject}: a post or comment that waited for a moderator
// (the queue's "Waiting for approval"): approved, it is written now; rejected, it is dropped.

export const loader = redirectLoader(() => "/admin/reports");

export const action = interactionAction(
  { who: "moderator", budget: "moderate", input: HeldDecisionSchema },
  () => "/admin/reports",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const id = requireId(params.id, "This item was already decided.");
    const approve = ctx.input.decision === "approve";
    const decided = decideHeld({ actorId: ctx.user.id, id, approve });
    const what = decided.kind === "post" ? "Post" : "Comment";
    return succeed(ctx, { toast: { type: "success", title: approve ? `${what} approved` : `${what} rejected` }, payload: { id }, anchor: "held-heading" });
  },
  { failTitle: "Failed to decide", anchor: () => "held-heading" },
);
