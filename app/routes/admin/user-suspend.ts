import { redirect } from "react-router";
import type { Route } from "./+types/user-suspend";
import { formatUntil } from "~/lib/moderation-rules.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { SuspendSchema } from "~/lib/schemas/report.ts";
import { liftSuspension, suspendUser } from "~/models/moderation/suspension.server.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /admin/users/:id/suspend {intent: suspend, reason, until?} or {intent: lift}: the Users tab's forms.

export const loader = () => redirect("/admin/users");

export const action = interactionAction<Route.ActionArgs["params"]>(
  () => "/admin/users",
  async (ctx, params) => {
    const actor = await requireActor(ctx);
    const userId = requireId(params.id, "User not found");
    if (ctx.form.get("intent") === "lift") {
      liftSuspension({ actorId: actor.id, userId });
      return succeed(ctx, { toast: { type: "success", title: "Suspension lifted" }, payload: { userId } });
    }
    const { reason, until } = parseOrThrow(SuspendSchema, { reason: ctx.form.get("reason"), until: ctx.form.get("until") ?? undefined });
    suspendUser({ actorId: actor.id, userId, reason, until });
    const description = until ? `Until ${formatUntil(until)}.` : "With no end.";
    return succeed(ctx, { toast: { type: "success", title: "User suspended", description }, payload: { userId } });
  },
  { failTitle: "Failed to suspend user", anchor: (_form, params) => `user-${params.id}` },
);
