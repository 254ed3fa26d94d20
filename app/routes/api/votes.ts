import type { Route } from "./+types/votes";
import { castVoteInGroup } from "~/models/vote.server.ts";
import { VoteApiSchema } from "~/rules/schemas/interact.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";

// POST /api/votes {postId | commentId, isUpvote}: the same direction again takes the vote back.
// The "toggle" budget, like its form twins (/post/:id/vote, /comments/:id/vote).

export const loader = onlyMethods("POST");

export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "member", budget: "toggle", input: VoteApiSchema }, async ({ user, input }) => {
    const result = await castVoteInGroup(
      input.postId !== undefined
        ? { userId: user.id, postId: input.postId, isUpvote: input.isUpvote }
        : { userId: user.id, commentId: input.commentId!, isUpvote: input.isUpvote },
    );
    return { vote: result.vote, upvotes: result.upvotes, downvotes: result.downvotes, score: result.score };
  }),
});
