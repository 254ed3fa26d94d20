import type { Route } from "./+types/user-sweep";
import { requireId } from "~/rules/schemas/id-field.ts";
import { SuspendSchema } from "~/rules/schemas/moderation.ts";
import { sweepMember } from "~/models/spam/sweep.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /admin/users/:id/sweep {reason, until?}: from a member's row or a case of the queue, everything
// the member posted in the last day goes and the member is suspended, in one action.

export const loader = redirectLoader(() => "/admin/users");

export const action = interactionAction(
  { who: "moderator", budget: "moderate", input: SuspendSchema },
  () => "/admin/users",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const userId = requireId(params.id, NOT_FOUND.user);
    const done = sweepMember({ actorId: ctx.user.id, userId, reason: ctx.input.reason, until: ctx.input.until });
    const description = `Removed ${done.posts} post${done.posts === 1 ? "" : "s"}, ${done.comments} comment${done.comments === 1 ? "" : "s"} and ${done.held} waiting item${done.held === 1 ? "" : "s"} from the last day.`;
    return succeed(ctx, { toast: { type: "success", title: `${done.username} suspended`, description }, payload: { userId } });
  },
  { failTitle: "Failed to remove and suspend", anchor: (_form, params) => `user-${params.id}` },
);
