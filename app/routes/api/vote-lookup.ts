import { getVote } from "~/models/vote.server.ts";
import { forbidden, NOT_FOUND } from "~/lib/problem.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";

// GET /api/votes/user/:userId/post/:postId and …/comment/:commentId → the vote (with isUpvote) or
// null. Only your own votes: another user's id is 403.

export const loader = apiLoader({ who: "member" }, ({ user, params }) => {
  const userId = requireId(params.userId, NOT_FOUND.user);
  if (userId !== user.id) throw forbidden("You can only view your own votes.");
  return params.commentId !== undefined
    ? getVote({ userId, commentId: requireId(params.commentId, NOT_FOUND.comment) })
    : getVote({ userId, postId: requireId(params.postId, NOT_FOUND.post) });
});
