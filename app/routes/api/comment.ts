import type { Route } from "./+types/comment";
import { deleteComment } from "~/models/comment.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { apiAction, claimedUserId, methodNotAllowed, readJson } from "~/http/json-api.server.ts";
import { requireApiUser, requireSelf } from "~/http/guards.server.ts";

// DELETE /api/comments/:id: the author only (403 for others).

export const loader = () => methodNotAllowed("DELETE");

export const action = apiAction<Route.ActionArgs>({
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    requireSelf(user, claimedUserId(await readJson(request)));
    const result = deleteComment({ id: requireId(params.id, "Comment not found"), actorId: user.id });
    return { message: "Comment deleted", softDeleted: result.mode === "soft" };
  },
});
