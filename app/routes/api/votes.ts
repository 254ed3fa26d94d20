import type { Route } from "./+types/votes";
import { castVoteInGroup } from "~/models/vote.server.ts";
import { VoteApiSchema } from "~/lib/schemas/interact.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";
import { requireApiUser, requireSelf } from "~/http/guards.server.ts";

// POST /api/votes {postId | commentId, isUpvote}: the same direction again takes the vote back.

export const loader = () => methodNotAllowed("POST");

export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const body = await parseJsonBody(request, VoteApiSchema);
    requireSelf(user, body.userId);
    const result = await castVoteInGroup(
      body.postId !== undefined
        ? { userId: user.id, postId: body.postId, isUpvote: body.isUpvote }
        : { userId: user.id, commentId: body.commentId!, isUpvote: body.isUpvote },
    );
    return { vote: result.vote, upvotes: result.upvotes, downvotes: result.downvotes, score: result.score };
  },
});
