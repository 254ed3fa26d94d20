import type { Route } from "./+types/post-delete";
import { removeAsModerator } from "~/models/moderation/moderator-removal.server.ts";
import { ReasonSchema } from "~/rules/schemas/admin.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /admin/posts/:id/delete {reason?}: the confirmed delete of a row of /admin/posts.

export const loader = redirectLoader(() => "/admin/posts");

export const action = interactionAction(
  { who: "moderator", budget: "moderate", input: ReasonSchema },
  () => "/admin/posts",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const id = requireId(params.id, NOT_FOUND.post);
    removeAsModerator({ actorId: ctx.user.id, target: { kind: "post", id }, reason: ctx.input.reason });
    return succeed(ctx, { toast: { type: "success", title: "Post Deleted" }, payload: { postId: id } });
  },
  { failTitle: "Failed to delete post" },
);
