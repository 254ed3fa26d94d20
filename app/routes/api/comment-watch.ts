import type { Route } from "./+types/comment-watch";
import { watchComment } from "~/models/watch.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// PUT /api/comments/:id/watch follows the replies to a comment, DELETE stops; both answer
// {following, postId}. The "toggle" budget, like POST /comments/:id/watch.

export const loader = onlyMethods("PUT, DELETE");

export const action = apiAction<Route.ActionArgs>({
  PUT: endpoint({ who: "member", budget: "toggle" }, ({ user, params }) => watchComment({ userId: user.id, commentId: requireId(params.id, NOT_FOUND.comment), following: true })),
  DELETE: endpoint({ who: "member", budget: "toggle" }, ({ user, params }) => watchComment({ userId: user.id, commentId: requireId(params.id, NOT_FOUND.comment), following: false })),
});
