import type { Route } from "./+types/comment";
import { deleteComment } from "~/models/comment.server.ts";
import { editComment } from "~/models/edit.server.ts";
import { CommentEditSchema } from "~/lib/schemas/interact.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { apiAction, claimedUserId, methodNotAllowed, readJson } from "~/http/json-api.server.ts";
import { requireApiUser, requireSelf } from "~/http/guards.server.ts";

// DELETE /api/comments/:id: the author only (403 for others).
// PATCH /api/comments/:id {content}: the author edits it (403 for others, 400 as creating, 409 after the window).

export const loader = () => methodNotAllowed("PATCH, DELETE");

export const action = apiAction<Route.ActionArgs>({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    requireSelf(user, claimedUserId(await readJson(request)));
    const result = deleteComment({ id: requireId(params.id, "Comment not found"), actorId: user.id });
    return { message: "Comment deleted", softDeleted: result.mode === "soft" };
  },
  PATCH: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const body = await readJson(request);
    requireSelf(user, claimedUserId(body));
    const input = parseOrThrow(CommentEditSchema, body);
    return editComment({ id: requireId(params.id, "Comment not found"), actorId: user.id, content: input.content });
  },
});
