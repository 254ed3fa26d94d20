import type { Route } from "./+types/vote-lookup";
import { getVote } from "~/models/vote.server.ts";
import { forbidden } from "~/lib/problem.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { requireApiUser } from "~/http/guards.server.ts";

// GET /api/votes/user/:userId/post/:postId and …/comment/:commentId → the vote (with isUpvote) or
// null. Only your own votes: another user's id is 403.

export const loader = apiLoader<Route.LoaderArgs>(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const userId = requireId(params.userId, "User not found");
  if (userId !== user.id) throw forbidden("You can only view your own votes.");
  return "commentId" in params && params.commentId !== undefined
    ? getVote({ userId, commentId: requireId(params.commentId, "Comment not found") })
    : getVote({ userId, postId: requireId((params as { postId?: string }).postId, "Post not found") });
});
