import type { Route } from "./+types/post-save";
import { savePost, unsavePost } from "~/models/save.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { apiAction, claimedUserId, methodNotAllowed, readJson } from "~/http/json-api.server.ts";
import { requireApiUser, requireSelf } from "~/http/guards.server.ts";

// POST /api/posts/:id/save saves, DELETE unsaves; both answer {isSaved}.

export const loader = () => methodNotAllowed("POST, DELETE");

/** The acting user; a body (docs/product.md §7 names none) naming someone else is 403, as on the form. */
async function actor(request: Request) {
  const user = await requireApiUser(request);
  requireSelf(user, claimedUserId(await readJson(request)));
  return user;
}

export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, params }) => savePost({ userId: (await actor(request)).id, postId: requireId(params.id, "Post not found") }),
  DELETE: async ({ request, params }) => unsavePost({ userId: (await actor(request)).id, postId: requireId(params.id, "Post not found") }),
});
