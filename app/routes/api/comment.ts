import type { Route } from "./+types/comment";
import { deleteComment } from "~/models/comment.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { json, methodNotAllowed, requireApiActor, requireParamId } from "~/services/interact.server.ts";

// DELETE /api/comments/:id: the author only (403 for others).

export const loader = () => methodNotAllowed("DELETE");

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = await requireApiActor(request);
  const id = requireParamId(params.id, "Comment not found");
  const result = deleteComment({ id, actorId: user.id });
  if (result.status === "not_found") return jsonError("Comment not found", 404);
  if (result.status === "forbidden") return jsonError("You can only delete your own comments.", 403);
  return json({ message: "Comment deleted", softDeleted: result.mode === "soft" });
}
