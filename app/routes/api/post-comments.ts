import type { Route } from "./+types/post-comments";
import { PostIdSchema } from "~/lib/schemas/browse.ts";
import { listPostComments } from "~/models/comment.server.ts";
import { getPost } from "~/models/post.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { jsonRead } from "~/services/query.server.ts";
import { getUserId } from "~/services/session.server.ts";

// GET /api/posts/{id}/comments: every comment of the post, flat, oldest first, replies by parentId.
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = PostIdSchema.safeParse(params.id);
  if (!id.success) return jsonError("Invalid post id", 400);
  const viewerId = await getUserId(request);
  return jsonRead("Failed to fetch comments", () => {
    if (!getPost({ id: id.data })) throw jsonError("Post not found", 404);
    return listPostComments({ postId: id.data, viewerId });
  });
}
