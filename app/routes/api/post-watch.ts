import type { Route } from "./+types/post-watch";
import { watchPost } from "~/models/watch.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// PUT /api/posts/:id/watch follows the post, DELETE stops (for its author: mutes replies to it); both
// answer {following}. The "toggle" budget, like POST /post/:id/watch.

export const loader = onlyMethods("PUT, DELETE");

export const action = apiAction<Route.ActionArgs>({
  PUT: endpoint({ who: "member", budget: "toggle" }, ({ user, params }) => {
    const { following } = watchPost({ userId: user.id, postId: requireId(params.id, NOT_FOUND.post), following: true });
    return { following };
  }),
  DELETE: endpoint({ who: "member", budget: "toggle" }, ({ user, params }) => {
    const { following } = watchPost({ userId: user.id, postId: requireId(params.id, NOT_FOUND.post), following: false });
    return { following };
  }),
});
