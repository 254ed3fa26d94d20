import { redirect } from "react-router";
import type { Route } from "./+types/comments.$id.edit";
import { editComment, type EditedComment } from "~/models/edit.server.ts";
import { getCommentHistory } from "~/models/revision.server.ts";
import { editParam } from "~/rules/edit-rules.ts";
import { HELD_COMMENT_TOAST } from "~/rules/spam-rules.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { CommentEditSchema } from "~/rules/schemas/interact.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { resource } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /comments/:id/edit: the author edits their comment's text. Without JS the edit box is the
// comment's page with ?edit=comment-{id}; a refused edit comes back there with ?editError (and the box
// keeps the draft in the form the page re-renders); with JS a fetcher edits in place.
// It spends the "comment" budget, as its JSON twin PATCH /api/comments/:id does.

export const loader = resource({ who: "anyone" }, ({ params }) => {
  const id = requireId(params.id, NOT_FOUND.comment);
  const history = getCommentHistory(id);
  return redirect(history ? `/post/${history.postId}?edit=${editParam("comment", id)}#comment-${id}` : "/");
});

export const action = interactionAction(
  { who: "member", budget: "comment", input: CommentEditSchema },
  () => "/",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const id = requireId(params.id, NOT_FOUND.comment);
    const comment = editComment({ id, actorId: ctx.user.id, content: ctx.input.content });
    // A new account's edit that waits for a moderator, as new text would: said as a held comment is.
    if (comment.held) return succeed<{ comment: EditedComment }>(ctx, { anchor: `held-${comment.held.id}`, toast: HELD_COMMENT_TOAST, payload: { comment } });
    return succeed<{ comment: EditedComment }>(ctx, { toast: { type: "success", title: "Comment updated" }, payload: { comment } });
  },
  {
    failTitle: "Failed to edit comment",
    anchor: (_form, params) => (params.id ? `comment-${params.id}` : undefined),
    keepOnFailure: (form, problem): Record<string, string> =>
      problem.kind === "invalid" ? { edit: `comment-${String(form.get("commentId") ?? "")}`, editError: problem.message } : {},
  },
);
