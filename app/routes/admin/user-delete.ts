import { redirect } from "react-router";
import type { Route } from "./+types/user-delete";
import { deleteUserAsAdmin } from "~/models/admin/user-delete.server.ts";
import { ReasonSchema } from "~/lib/schemas/admin.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /admin/users/:id/delete {reason?}: the confirmed delete of a row of /admin/users.

export const loader = () => redirect("/admin/users");

export const action = interactionAction<Route.ActionArgs["params"]>(
  () => "/admin/users",
  async (ctx, params) => {
    const actor = await requireActor(ctx);
    const userId = requireId(params.id, "User not found");
    const { reason } = parseOrThrow(ReasonSchema, { reason: ctx.form.get("reason") });
    const { username } = deleteUserAsAdmin({ actorId: actor.id, userId, reason });
    return succeed(ctx, {
      toast: { type: "success", title: "User Deleted", description: `${username} was deleted.` },
      payload: { userId },
    });
  },
  { failTitle: "Failed to delete user" },
);
