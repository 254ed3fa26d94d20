import type { Route } from "./+types/post-saved";
import { isPostSaved } from "~/models/save.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { json, requireApiActor, requireParamId } from "~/services/interact.server.ts";

// GET /api/posts/:id/saved → {isSaved}.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiActor(request);
  const postId = requireParamId(params.id, "Post not found");
  const isSaved = isPostSaved({ userId: user.id, postId });
  if (isSaved === null) return jsonError("Post not found", 404);
  return json({ isSaved });
}
