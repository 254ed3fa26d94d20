import { redirect } from "react-router";
import { deleteComment } from "~/models/comment.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /comments/:id/delete: the author deletes their comment (a '[deleted]' placeholder stays
// when it has replies).

export type DeleteCommentPayload = { mode: "hard" | "soft" };

export function loader() {
  return redirect("/");
}

export const action = interactionAction<{ id?: string }>(
  () => "/",
  async (ctx, params) => {
    const user = await requireActor(ctx);
    const result = deleteComment({ id: requireId(params.id, "Comment not found"), actorId: user.id });
    return succeed<DeleteCommentPayload>(ctx, { toast: { type: "success", title: "Comment deleted" }, payload: { mode: result.mode } });
  },
  { failTitle: "Failed to delete comment", anchor: () => "comments" },
);
