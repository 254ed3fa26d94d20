import { redirect } from "react-router";
import type { Route } from "./+types/comments.$id.edit";
import { editComment, type EditedComment } from "~/models/edit.server.ts";
import { getCommentHistory } from "~/models/revision.server.ts";
import { editParam } from "~/lib/edit-rules.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { CommentEditSchema } from "~/lib/schemas/interact.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /comments/:id/edit: the author edits their comment's text. Without JS the edit box is the
// comment's page with ?edit=comment-{id}; a refused edit comes back there with ?editError (and the box
// keeps the draft in the form the page re-renders); with JS a fetcher edits in place.

export function loader({ params }: Route.LoaderArgs) {
  const id = requireId(params.id, "Comment not found");
  const history = getCommentHistory(id);
  return redirect(history ? `/post/${history.postId}?edit=${editParam("comment", id)}#comment-${id}` : "/");
}

export const action = interactionAction<{ id?: string }>(
  () => "/",
  async (ctx, params) => {
    const user = await requireActor(ctx);
    const id = requireId(params.id, "Comment not found");
    const input = parseOrThrow(CommentEditSchema, { content: ctx.form.get("content") ?? "" });
    const comment = editComment({ id, actorId: user.id, content: input.content });
    return succeed<{ comment: EditedComment }>(ctx, { toast: { type: "success", title: "Comment updated" }, payload: { comment } });
  },
  {
    limit: "comment",
    failTitle: "Failed to edit comment",
    anchor: (_form, params) => (params.id ? `comment-${params.id}` : undefined),
    keepOnFailure: (form, problem): Record<string, string> =>
      problem.kind === "invalid" ? { edit: `comment-${String(form.get("commentId") ?? "")}`, editError: problem.message } : {},
  },
);
