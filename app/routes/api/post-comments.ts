import type { Route } from "./+types/post-comments";
import { listPostComments } from "~/models/comment-thread.server.ts";
import { getPost } from "~/models/post/index.server.ts";
import { notFound } from "~/lib/problem.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { jsonRead } from "~/http/json-read.server.ts";
import { getUserId } from "~/http/session-cookie.server.ts";

// GET /api/posts/{id}/comments: every comment of the post, flat, oldest first, replies by parentId.
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewerId = await getUserId(request);
  return jsonRead("Failed to fetch comments", () => {
    const postId = requireId(params.id, "Post not found");
    if (!getPost({ id: postId })) throw notFound("Post not found");
    return listPostComments({ postId, viewerId });
  });
}
