import { listPostComments } from "~/models/comment-thread.server.ts";
import { getPost } from "~/models/post/index.server.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";
import { visitorMutesFor } from "~/http/cookies/mute-cookie.server.ts";

// GET /api/posts/{id}/comments: every comment of the post, flat, oldest first, replies by parentId.
export const loader = apiLoader({ who: "anyone" }, ({ request, params, user }) =>
  jsonRead("Failed to fetch comments", () => {
    const postId = requireId(params.id, NOT_FOUND.post);
    if (!getPost({ id: postId })) throw notFound(NOT_FOUND.post);
    return listPostComments({ postId, viewerId: user?.id, visitorMutes: visitorMutesFor(request, user) });
  }),
);
