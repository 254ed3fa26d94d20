import type { Route } from "./+types/post";
import { getPost } from "~/models/post/index.server.ts";
import { deletePost } from "~/models/post/index.server.ts";
import { notFound } from "~/lib/problem.ts";
import { editPost } from "~/models/edit.server.ts";
import { PostEditSchema } from "~/lib/schemas/post.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { apiAction, claimedUserId, readJson } from "~/http/json-api.server.ts";
import { jsonRead } from "~/http/json-read.server.ts";
import { requireApiUser, requireSelf } from "~/http/guards.server.ts";
import { getUserId } from "~/http/session-cookie.server.ts";

// GET /api/posts/{id}
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewerId = await getUserId(request);
  return jsonRead("Failed to fetch post", () => {
    const post = getPost({ id: requireId(params.id, "Post not found"), viewerId });
    if (!post) throw notFound("Post not found");
    return post;
  });
}

// DELETE /api/posts/{id}: the author only (403 for others).
export const action = apiAction<Route.ActionArgs>(
  {
    DELETE: async ({ request, params }) => {
      const user = await requireApiUser(request);
      requireSelf(user, claimedUserId(await readJson(request)));
      deletePost({ id: requireId(params.id, "Post not found"), actorId: user.id });
      return { message: "Post deleted" };
    },
    // PATCH /api/posts/{id} {title?, category?, commentAuthor?}: the author within the edit window;
    // an admin the title and category of any post.
    PATCH: async ({ request, params }) => {
      const user = await requireApiUser(request);
      const body = await readJson(request);
      requireSelf(user, claimedUserId(body));
      const changes = parseOrThrow(PostEditSchema, body);
      return editPost({ id: requireId(params.id, "Post not found"), actorId: user.id, changes });
    },
  },
  { alsoAllow: ["GET"] },
);
