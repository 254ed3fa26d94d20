import type { Route } from "./+types/votes";
import { castVote } from "~/models/vote.server.ts";
import { VoteApiSchema } from "~/lib/schemas/interact.ts";
import { jsonError, parseJsonBody } from "~/services/http.server.ts";
import { json, methodNotAllowed, requireApiActor } from "~/services/interact.server.ts";

// POST /api/votes {postId | commentId, isUpvote}: the same direction again takes the vote back.

export const loader = () => methodNotAllowed("POST");

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await requireApiActor(request);
  const body = await parseJsonBody(request, VoteApiSchema);
  const user = await requireApiActor(request, body.userId);
  const result =
    body.postId !== undefined
      ? castVote({ userId: user.id, postId: body.postId, isUpvote: body.isUpvote })
      : castVote({ userId: user.id, commentId: body.commentId!, isUpvote: body.isUpvote });
  if (!result) return jsonError(body.postId !== undefined ? "Post not found" : "Comment not found", 404);
  return json({ vote: result.vote, upvotes: result.upvotes, downvotes: result.downvotes, score: result.score });
}
