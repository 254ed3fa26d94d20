import type { Route } from "./+types/vote-lookup";
import { getVote } from "~/models/vote.server.ts";
import { jsonError } from "~/services/http.server.ts";
import { json, requireApiActor, requireParamId } from "~/services/interact.server.ts";

// GET /api/votes/user/:userId/post/:postId and …/comment/:commentId → the vote (with isUpvote) or
// null. Only your own votes: another user's id is 403.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireApiActor(request);
  const userId = requireParamId(params.userId, "User not found");
  if (userId !== user.id) return jsonError("You can only view your own votes.", 403);
  const vote =
    "commentId" in params && params.commentId !== undefined
      ? getVote({ userId, commentId: requireParamId(params.commentId, "Comment not found") })
      : getVote({ userId, postId: requireParamId((params as { postId?: string }).postId, "Post not found") });
  return json(vote);
}
