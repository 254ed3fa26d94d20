import type { Route } from "./+types/post-save";
import { savePost, unsavePost } from "~/models/save.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /api/posts/:id/save saves, DELETE unsaves; both answer {isSaved}. The "toggle" budget, like
// /post/:id/save. A body (docs/product.md §7 names none) naming someone else is 403, as on the form
// (the wrapper checks its userId).

export const loader = onlyMethods("POST, DELETE");

export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "member", budget: "toggle" }, ({ user, params }) =>
    savePost({ userId: user.id, postId: requireId(params.id, NOT_FOUND.post) }),
  ),
  DELETE: endpoint({ who: "member", budget: "toggle" }, ({ user, params }) =>
    unsavePost({ userId: user.id, postId: requireId(params.id, NOT_FOUND.post) }),
  ),
});
