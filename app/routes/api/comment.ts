import type { Route } from "./+types/comment";
import { deleteComment } from "~/models/comment.server.ts";
import { editComment } from "~/models/edit.server.ts";
import { CommentEditSchema } from "~/rules/schemas/interact.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { HELD_COMMENT_TOAST } from "~/rules/spam-rules.ts";
import { apiAction, endpoint, onlyMethods, pendingJson } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// DELETE /api/comments/:id: the author only (403 for others). The "toggle" budget, like /comments/:id/delete.
// PATCH /api/comments/:id {content}: the author edits it (403 for others, 400 as creating, 409 after the
// window; 202 {pending, message, held} when a new account's edit waits for a moderator, as new text
// would). An edit spends the "comment" budget, like its form twin /comments/:id/edit.

export const loader = onlyMethods("PATCH, DELETE");

export const action = apiAction<Route.ActionArgs>({
  DELETE: endpoint({ who: "member", budget: "toggle" }, ({ user, params }) => {
    const result = deleteComment({ id: requireId(params.id, NOT_FOUND.comment), actorId: user.id });
    return { message: "Comment deleted", softDeleted: result.mode === "soft" };
  }),
  PATCH: endpoint({ who: "member", budget: "comment", input: CommentEditSchema }, ({ user, params, input }) => {
    const edited = editComment({ id: requireId(params.id, NOT_FOUND.comment), actorId: user.id, content: input.content });
    return edited.held ? pendingJson(HELD_COMMENT_TOAST, edited.held) : edited;
  }),
});
