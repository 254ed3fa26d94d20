import type { Route } from "./+types/user-toggle-admin";
import { toggleUserAdmin } from "~/models/admin/users.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /admin/users/:id/toggle-admin: 'Make Admin' / 'Remove Admin' on a row of /admin/users.

export const loader = redirectLoader(() => "/admin/users");

export const action = interactionAction(
  { who: "admin", budget: "moderate" },
  () => "/admin/users",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const user = toggleUserAdmin({ actorId: ctx.user.id, userId: requireId(params.id, NOT_FOUND.user) });
    const description = user.isAdmin ? `${user.username} is now an admin` : `${user.username} is no longer an admin`;
    return succeed(ctx, { toast: { type: "success", title: "Admin Status Updated", description }, payload: { user } });
  },
  { failTitle: "Failed to update admin status. Please try again.", anchor: (_form, params) => `user-${params.id}` },
);
