import type { Route } from "./+types/user-role";
import { setRole } from "~/models/admin/users.server.ts";
import { roleWords } from "~/rules/role-rules.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { RoleSchema } from "~/rules/schemas/admin.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /admin/users/:id/role {role, category.<Name>=on …}: the Users tab's role form (admins only).

export const loader = redirectLoader(() => "/admin/users");

export const action = interactionAction(
  { who: "admin", budget: "moderate", input: RoleSchema },
  () => "/admin/users",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const user = setRole({ actorId: ctx.user.id, userId: requireId(params.id, NOT_FOUND.user), ...ctx.input });
    const description = `${user.username}: ${roleWords(user.role, user.categories)}.`;
    return succeed(ctx, { toast: { type: "success", title: "Role updated", description }, payload: { user } });
  },
  { failTitle: "Failed to change the role", anchor: (_form, params) => `user-${params.id}` },
);
