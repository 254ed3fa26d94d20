import type { Route } from "./+types/post";
import { getPost } from "~/models/post/index.server.ts";
import { deletePost } from "~/models/post/index.server.ts";
import { notFound } from "~/lib/problem.ts";
import { editPost } from "~/models/edit.server.ts";
import { PostEditSchema } from "~/rules/schemas/post-input.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiAction, apiLoader, endpoint } from "~/http/answers/json-api.server.ts";
import { actsAsAdmin } from "~/http/contract.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";

// GET /api/posts/{id}
export const loader = apiLoader({ who: "anyone" }, ({ params, user }) =>
  jsonRead("Failed to fetch post", () => {
    const post = getPost({ id: requireId(params.id, "Post not found"), viewerId: user?.id });
    if (!post) throw notFound("Post not found");
    return post;
  }),
);

export const action = apiAction<Route.ActionArgs>(
  {
    // DELETE /api/posts/{id}: the author only (403 for others).
    DELETE: endpoint({ who: "member", budget: "toggle" }, ({ params, user }) => {
      deletePost({ id: requireId(params.id, "Post not found"), actorId: user.id });
      return { message: "Post deleted" };
    }),
    // PATCH /api/posts/{id} {title?, category?, commentAuthor?}: the author within the edit window;
    // an admin the title and category of any post (editPost decides who may).
    // The same write as the edit page's form: the same budget.
    PATCH: endpoint({ who: "member", budget: "post", input: PostEditSchema }, async ({ request, params, user, input }) =>
      editPost({ id: requireId(params.id, "Post not found"), actorId: user.id, asAdmin: await actsAsAdmin(request), changes: input }),
    ),
  },
  { alsoAllow: ["GET"] },
);
