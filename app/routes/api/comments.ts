import type { Route } from "./+types/comments";
import { createComment } from "~/models/comment.server.ts";
import { CommentApiSchema } from "~/lib/schemas/interact.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";
import { requireApiUser, requireSelf } from "~/http/guards.server.ts";

// POST /api/comments {content, postId, parentId?}: 201 with the comment.

export const loader = () => methodNotAllowed("POST");

export const action = apiAction<Route.ActionArgs>(
  {
    POST: async ({ request }) => {
      const user = await requireApiUser(request);
      const body = await parseJsonBody(request, CommentApiSchema);
      requireSelf(user, body.userId);
      return createComment({ userId: user.id, postId: body.postId, content: body.content, parentId: body.parentId ?? null });
    },
  },
  { status: { POST: 201 }, limit: "comment" },
);
