import type { Route } from "./+types/post-save";
import { savePost, unsavePost } from "~/models/save.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { json, methodNotAllowed, requireApiActor, requireParamId } from "~/services/interact.server.ts";

// POST /api/posts/:id/save saves, DELETE unsaves; both answer {isSaved}.

export const loader = () => methodNotAllowed("POST, DELETE");

export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed("POST, DELETE");
  const user = await requireApiActor(request);
  const postId = requireParamId(params.id, "Post not found");
  const result = request.method === "POST" ? savePost({ userId: user.id, postId }) : unsavePost({ userId: user.id, postId });
  if (!result) return jsonError("Post not found", 404);
  return json(result);
}
