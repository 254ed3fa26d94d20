import type { Route } from "./+types/user-suspend";
import { formatUntil } from "~/rules/moderation-rules.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { SuspendFormSchema } from "~/rules/schemas/moderation.ts";
import { liftSuspension, suspendUser } from "~/models/moderation/suspension.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /admin/users/:id/suspend {intent: suspend, reason, until?} or {intent: lift}: the Users tab's forms.

export const loader = redirectLoader(() => "/admin/users");

export const action = interactionAction(
  { who: "moderator", budget: "moderate", input: SuspendFormSchema },
  () => "/admin/users",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const userId = requireId(params.id, NOT_FOUND.user);
    if (ctx.input.intent === "lift") {
      liftSuspension({ actorId: ctx.user.id, userId });
      return succeed(ctx, { toast: { type: "success", title: "Suspension lifted" }, payload: { userId } });
    }
    const { reason, until } = ctx.input;
    suspendUser({ actorId: ctx.user.id, userId, reason, until });
    const description = until ? `Until ${formatUntil(until)}.` : "With no end.";
    return succeed(ctx, { toast: { type: "success", title: "User suspended", description }, payload: { userId } });
  },
  { failTitle: "Failed to suspend user", anchor: (_form, params) => `user-${params.id}` },
);
