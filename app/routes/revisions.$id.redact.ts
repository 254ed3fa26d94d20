import { redirect } from "react-router";
import type { Route } from "./+types/revisions.$id.redact";
import { redactRevision } from "~/models/revision.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /revisions/:id/redact {reason}: an admin removes one earlier version's text from a history
// (the model checks the role and the reason, and logs it).

export const loader = () => redirect("/");

export const action = interactionAction<Route.ActionArgs["params"]>(
  () => "/",
  async (ctx, params) => {
    const actor = await requireActor(ctx);
    const reason = ctx.form.get("reason");
    const result = redactRevision({ revisionId: requireId(params.id, "Version not found"), actorId: actor.id, reason: typeof reason === "string" ? reason : "" });
    const to = result.kind === "post" ? `/post/${result.id}/history` : `/comments/${result.id}/history`;
    return succeed(ctx, { toast: { type: "success", title: "Version redacted" }, to, payload: result });
  },
  { failTitle: "Failed to redact the version" },
);
