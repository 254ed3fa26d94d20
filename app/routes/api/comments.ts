import type { Route } from "./+types/comments";
import { createComment } from "~/models/comment.server.ts";
import { CommentApiSchema } from "~/lib/schemas/interact.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/json-api.server.ts";

// POST /api/comments {content, postId, parentId?}: 201 with the comment. The "comment" budget, like
// its form twin (/post/:id/comments).

export const loader = onlyMethods("POST");

export const action = apiAction<Route.ActionArgs>(
  {
    POST: endpoint({ who: "member", budget: "comment", input: CommentApiSchema }, ({ user, input }) =>
      createComment({ userId: user.id, postId: input.postId, content: input.content, parentId: input.parentId ?? null }),
    ),
  },
  { status: { POST: 201 } },
);
