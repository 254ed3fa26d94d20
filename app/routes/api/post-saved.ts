import type { Route } from "./+types/post-saved";
import { isPostSaved } from "~/models/save.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { requireApiUser } from "~/http/guards.server.ts";

// GET /api/posts/:id/saved → {isSaved}.

export const loader = apiLoader<Route.LoaderArgs>(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return { isSaved: isPostSaved({ userId: user.id, postId: requireId(params.id, "Post not found") }) };
});
