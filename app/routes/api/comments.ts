import type { Route } from "./+types/comments";
import { createComment } from "~/models/comment.server.ts";
import { CommentApiSchema } from "~/lib/schemas/interact.ts";
import { jsonError, parseJsonBody } from "~/services/http.server.ts";
import { json, methodNotAllowed, requireApiActor } from "~/services/interact.server.ts";

// POST /api/comments {content, postId, parentId?}: 201 with the comment.

export const loader = () => methodNotAllowed("POST");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await requireApiActor(request);
  const body = await parseJsonBody(request, CommentApiSchema);
  const user = await requireApiActor(request, body.userId);
  const result = createComment({ userId: user.id, postId: body.postId, content: body.content, parentId: body.parentId ?? null });
  if (!result.ok) return jsonError(result.reason === "post_not_found" ? "Post not found" : "Comment not found", 404);
  return json(result.comment, 201);
}
