import { redirect } from "react-router";
import type { Route } from "./+types/post-delete";
import { deletePost } from "~/models/post/index.server.ts";
import { ReasonSchema } from "~/lib/schemas/admin.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /admin/posts/:id/delete {reason?}: the confirmed delete of a row of /admin/posts.

export const loader = () => redirect("/admin/posts");

export const action = interactionAction<Route.ActionArgs["params"]>(
  () => "/admin/posts",
  async (ctx, params) => {
    const actor = await requireActor(ctx);
    const id = requireId(params.id, "Post not found");
    const { reason } = parseOrThrow(ReasonSchema, { reason: ctx.form.get("reason") });
    deletePost({ id, actorId: actor.id, asAdmin: { reason } });
    return succeed(ctx, { toast: { type: "success", title: "Post Deleted" }, payload: { postId: id } });
  },
  { failTitle: "Failed to delete post" },
);
