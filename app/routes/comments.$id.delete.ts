import { redirect } from "react-router";
import { deleteComment } from "~/models/comment.server.ts";
import { parseId } from "~/lib/schemas/interact.ts";
import { fail, interactionAction, requireActor, succeed } from "~/services/interact.server.ts";

// POST /comments/:id/delete: the author deletes their comment (a '[deleted]' placeholder stays
// when it has replies).

export type DeleteCommentPayload = { mode: "hard" | "soft" };

export function loader() {
  return redirect("/");
}

export const action = interactionAction<{ id?: string }>(
  () => "/",
  async (ctx, params) => {
    const user = await requireActor(ctx, "comments");
    const id = parseId(params.id);
    const error = (status: number, description: string) =>
      fail(ctx, { status, anchor: "comments", toast: { type: "error", title: "Failed to delete comment", description } });
    if (id === null) return error(404, "Comment not found");
    const result = deleteComment({ id, actorId: user.id });
    if (result.status === "not_found") return error(404, "Comment not found");
    if (result.status === "forbidden") return error(403, "You can only delete your own comments.");
    return succeed<DeleteCommentPayload>(ctx, {
      anchor: "comments",
      toast: { type: "success", title: "Comment deleted" },
      payload: { mode: result.mode },
    });
  },
);
