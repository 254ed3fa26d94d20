import type { Route } from "./+types/post-delete";
import { deletePost } from "~/models/post-delete.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { json, methodNotAllowed, requireApiActor, requireParamId } from "~/services/interact.server.ts";

// DELETE /api/posts/:id: the author only (403 for others). GET /api/posts/:id lives in post.ts
// (browse); the two are merged into one route module at merge time.

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
  const user = await requireApiActor(request);
  const id = requireParamId(params.id, "Post not found");
  const result = deletePost({ id, actorId: user.id });
  if (result.status === "not_found") return jsonError("Post not found", 404);
  if (result.status === "forbidden") return jsonError("You can only delete your own posts.", 403);
  return json({ message: "Post deleted" });
}
