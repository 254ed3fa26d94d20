import type { Route } from "./+types/comments";
import { submitComment } from "~/models/spam/submit.server.ts";
import { HELD_COMMENT_TOAST } from "~/rules/spam-rules.ts";
import { CommentApiSchema } from "~/rules/schemas/interact.ts";
import { apiAction, endpoint, onlyMethods, pendingJson } from "~/http/answers/json-api.server.ts";

// POST /api/comments {content, postId, parentId?}: 201 with the comment (202 {pending, message, held}
// when a new account's comment waits for a moderator). The "comment" budget, like
// its form twin (/post/:id/comments).

export const loader = onlyMethods("POST");

export const action = apiAction<Route.ActionArgs>(
  {
    POST: endpoint({ who: "member", budget: "comment", input: CommentApiSchema }, async ({ user, input }) => {
      const { published, held } = await submitComment(user, { postId: input.postId, content: input.content, parentId: input.parentId ?? null });
      return held ? pendingJson(HELD_COMMENT_TOAST, held) : published;
    }),
  },
  { status: { POST: 201 } },
);
