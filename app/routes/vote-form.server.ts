import { castVoteInGroup } from "~/models/vote.server.ts";
import { voteTarget, voteToastTitle, type VoteKind, type VotePayload } from "~/rules/interactions/vote.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { VoteFormSchema } from "~/rules/schemas/interact.ts";
import { formAnchor, interactionAction, succeed } from "../http/answers/form-action.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// The form action of a vote, shared by its two URLs (routes/post.$id.vote.ts and
// routes/comments.$id.vote.ts), each of which names its kind: direction=up|down and the vote the
// voter saw (seen=up|down|none), parsed once here, then one model call. The toggle rule is the
// model's (rules/interactions/vote.ts).

export function voteFormAction(kind: VoteKind) {
  return interactionAction(
    { who: "member", budget: "toggle", input: VoteFormSchema },
    () => "/",
    async (ctx, params: { id?: string }) => {
      const id = requireId(params.id, NOT_FOUND[kind]);
      const { direction, seen } = ctx.input;
      const vote = { userId: ctx.user.id, isUpvote: direction === "up", seen };
      const result = await castVoteInGroup(kind === "post" ? { ...vote, postId: id } : { ...vote, commentId: id });
      return succeed<VotePayload>(ctx, {
        // With JS the arrows say it all; without JS the page reloads, so a toast confirms.
        toast: ctx.js ? undefined : { type: "success", title: voteToastTitle(result) },
        payload: { target: voteTarget(kind, params.id ?? ""), upvotes: result.upvotes, downvotes: result.downvotes, myVote: result.myVote },
      });
    },
    { anchor: (form, params) => formAnchor(form) ?? voteTarget(kind, params.id ?? "") },
  );
}
