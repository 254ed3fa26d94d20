import { redirect } from "react-router";
import type { Route } from "./+types/vote";
import { castVoteInGroup, type VoteResult } from "~/models/vote.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { VoteFormSchema } from "~/lib/schemas/interact.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { formAnchor, interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /post/:id/vote and /comments/:id/vote (one module, two routes): direction=up|down.
// The same direction again takes the vote back, the other one switches it.

export type VotePayload = { target: string; upvotes: number; downvotes: number; myVote: "up" | "down" | null };

function kindOf(request: Request): "post" | "comment" {
  return new URL(request.url).pathname.startsWith("/comments/") ? "comment" : "post";
}

export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(kindOf(request) === "post" ? `/post/${encodeURIComponent(params.id)}` : "/");
}

function voteToast(result: VoteResult) {
  const title = result.change === "removed" ? "Vote removed" : result.myVote === "up" ? "Upvoted" : "Downvoted";
  return { type: "success" as const, title };
}

export const action = interactionAction<{ id?: string }>(
  () => "/",
  async (ctx, params) => {
    const kind = kindOf(ctx.request);
    const target = `${kind}-${params.id}`;
    ctx.anchor = formAnchor(ctx) ?? target;
    const user = await requireActor(ctx);
    const id = requireId(params.id, kind === "post" ? "Post not found" : "Comment not found");
    const { direction } = parseOrThrow(VoteFormSchema, { direction: ctx.form.get("direction") });
    const isUpvote = direction === "up";
    const result = await castVoteInGroup(kind === "post" ? { userId: user.id, postId: id, isUpvote } : { userId: user.id, commentId: id, isUpvote });
    return succeed<VotePayload>(ctx, {
      // With JS the arrows say it all; without JS the page reloads, so a toast confirms.
      toast: ctx.js ? undefined : voteToast(result),
      payload: { target, upvotes: result.upvotes, downvotes: result.downvotes, myVote: result.myVote },
    });
  },
);
