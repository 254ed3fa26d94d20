import type { Route } from "./+types/user-delete";
import { deleteUserAsAdmin } from "~/models/admin/user-delete.server.ts";
import { ReasonSchema } from "~/rules/schemas/admin.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /admin/users/:id/delete {reason?}: the confirmed delete of a row of /admin/users.

export const loader = redirectLoader(() => "/admin/users");

export const action = interactionAction(
  { who: "admin", budget: "moderate", input: ReasonSchema },
  () => "/admin/users",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const userId = requireId(params.id, NOT_FOUND.user);
    const { username } = deleteUserAsAdmin({ actorId: ctx.user.id, userId, reason: ctx.input.reason });
    return succeed(ctx, {
      toast: { type: "success", title: "User Deleted", description: `${username} was deleted.` },
      payload: { userId },
    });
  },
  { failTitle: "Failed to delete user" },
);
