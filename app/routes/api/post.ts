import type { Route } from "./+types/post";
import { getPost } from "~/models/post/index.server.ts";
import { deletePost } from "~/models/post/index.server.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { editPost } from "~/models/edit.server.ts";
import { PostEditSchema } from "~/rules/schemas/post-input.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { HELD_POST_TOAST } from "~/rules/spam-rules.ts";
import { apiAction, apiLoader, endpoint, pendingJson } from "~/http/answers/json-api.server.ts";
import { actsAsAdmin } from "~/http/contract.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";

// GET /api/posts/{id}
export const loader = apiLoader({ who: "anyone" }, ({ params, user }) =>
  jsonRead("Failed to fetch post", () => {
    const post = getPost({ id: requireId(params.id, NOT_FOUND.post), viewerId: user?.id });
    if (!post) throw notFound(NOT_FOUND.post);
    return post;
  }),
);

export const action = apiAction<Route.ActionArgs>(
  {
    // DELETE /api/posts/{id}: the author only (403 for others).
    DELETE: endpoint({ who: "member", budget: "toggle" }, ({ params, user }) => {
      deletePost({ id: requireId(params.id, NOT_FOUND.post), actorId: user.id });
      return { message: "Post deleted" };
    }),
    // PATCH /api/posts/{id} {title?, category?, commentAuthor?}: the author within the edit window;
    // an admin the title and category of any post (editPost decides who may).
    // The same write as the edit page's form: the same budget.
    // 202 {pending, message, held} when a new account's new title waits for a moderator, as new text would.
    PATCH: endpoint({ who: "member", budget: "post", input: PostEditSchema }, async ({ request, params, user, input }) => {
      const edited = editPost({ id: requireId(params.id, NOT_FOUND.post), actorId: user.id, asAdmin: await actsAsAdmin(request), changes: input });
      return edited.held ? pendingJson(HELD_POST_TOAST, edited.held) : edited;
    }),
  },
  { alsoAllow: ["GET"] },
);
