import type { Route } from "./+types/post";
import { PostIdSchema } from "~/lib/schemas/browse.ts";
import { getPost } from "~/models/post.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { jsonRead } from "~/services/query.server.ts";
import { getUserId } from "~/services/session.server.ts";

// GET /api/posts/{id}
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = PostIdSchema.safeParse(params.id);
  if (!id.success) return jsonError("Invalid post id", 400);
  const viewerId = await getUserId(request);
  return jsonRead("Failed to fetch post", () => {
    const post = getPost({ id: id.data, viewerId });
    if (!post) throw jsonError("Post not found", 404);
    return post;
  });
}
