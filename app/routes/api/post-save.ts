import type { Route } from "./+types/post-save";
import { savePost, unsavePost } from "~/models/save.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { apiAction, methodNotAllowed } from "~/services/http.server.ts";
import { requireApiUser } from "~/services/guards.server.ts";

// POST /api/posts/:id/save saves, DELETE unsaves; both answer {isSaved}.

export const loader = () => methodNotAllowed("POST, DELETE");

export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, params }) => savePost({ userId: (await requireApiUser(request)).id, postId: requireId(params.id, "Post not found") }),
  DELETE: async ({ request, params }) => unsavePost({ userId: (await requireApiUser(request)).id, postId: requireId(params.id, "Post not found") }),
});
