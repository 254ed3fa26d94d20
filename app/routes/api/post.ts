import type { Route } from "./+types/post";
import { PostIdSchema } from "~/lib/schemas/browse.ts";
import { getPost } from "~/models/post.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { jsonRead } from "~/services/query.server.ts";
import { getUserId } from "~/services/session.server.ts";
import { deletePost } from "~/models/post-delete.server.ts";
import { json, methodNotAllowed, requireApiActor, requireParamId } from "~/services/interact.server.ts";

// GET /api/posts/{id}
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = PostIdSchema.safeParse(params.id);
  // No post can have such an id: the SPEC client reads 404 as 'Post not found'.
  if (!id.success) return jsonError("Post not found", 404);
  const viewerId = await getUserId(request);
  return jsonRead("Failed to fetch post", () => {
    const post = getPost({ id: id.data, viewerId });
    if (!post) throw jsonError("Post not found", 404);
    return post;
  });
}

// DELETE /api/posts/{id}: the author only (403 for others).
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("GET, DELETE");
  const user = await requireApiActor(request);
  const id = requireParamId(params.id, "Post not found");
  const result = deletePost({ id, actorId: user.id });
  if (result.status === "not_found") return jsonError("Post not found", 404);
  if (result.status === "forbidden") return jsonError("You can only delete your own posts.", 403);
  return json({ message: "Post deleted" });
}
