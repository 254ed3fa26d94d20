import type { Route } from "./+types/comments.$id.delete";
import { deleteComment } from "~/models/comment.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /comments/:id/delete: the author deletes their comment (a '[deleted]' placeholder stays
// when it has replies).

export type DeleteCommentPayload = { mode: "hard" | "soft" };

export const loader = redirectLoader(() => "/");

export const action = interactionAction(
  { who: "member", budget: "toggle" },
  () => "/",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const result = deleteComment({ id: requireId(params.id, NOT_FOUND.comment), actorId: ctx.user.id });
    return succeed<DeleteCommentPayload>(ctx, { toast: { type: "success", title: "Comment deleted" }, payload: { mode: result.mode } });
  },
  { failTitle: "Failed to delete comment", anchor: () => "comments" },
);
