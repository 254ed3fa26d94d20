import { redirect } from "react-router";
import type { Route } from "./+types/user-toggle-admin";
import { toggleUserAdmin } from "~/models/admin/users.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /admin/users/:id/toggle-admin: 'Make Admin' / 'Remove Admin' on a row of /admin/users.

export const loader = () => redirect("/admin/users");

export const action = interactionAction<Route.ActionArgs["params"]>(
  () => "/admin/users",
  async (ctx, params) => {
    const actor = await requireActor(ctx);
    const user = toggleUserAdmin({ actorId: actor.id, userId: requireId(params.id, "User not found") });
    const description = user.isAdmin ? `${user.username} is now an admin` : `${user.username} is no longer an admin`;
    return succeed(ctx, { toast: { type: "success", title: "Admin Status Updated", description }, payload: { user } });
  },
  { failTitle: "Failed to update admin status. Please try again.", anchor: (_form, params) => `user-${params.id}` },
);
