import type { Route } from "./+types/revisions.$id.redact";
import { redactRevision } from "~/models/revision.server.ts";
import { RedactSchema } from "~/rules/schemas/admin.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /revisions/:id/redact {reason}: an admin removes one earlier version's text from a history
// (the contract admits admins only; the model checks the role again in its transaction, checks the
// reason, and logs it).

export const loader = redirectLoader(() => "/");

export const action = interactionAction(
  { who: "admin", budget: "moderate", input: RedactSchema },
  () => "/",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const result = redactRevision({ revisionId: requireId(params.id, NOT_FOUND.version), actorId: ctx.user.id, reason: ctx.input.reason });
    const to = result.kind === "post" ? `/post/${result.id}/history` : `/comments/${result.id}/history`;
    return succeed(ctx, { toast: { type: "success", title: "Version redacted" }, to, payload: result });
  },
  { failTitle: "Failed to redact the version" },
);
