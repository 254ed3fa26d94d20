import { redirect } from "react-router";
import type { Route } from "./+types/vote";
import { castVote, type VoteResult } from "~/models/vote.server.ts";
import { parseId, VoteFormSchema } from "~/lib/schemas/interact.ts";
import { fail, formAnchor, interactionAction, requireActor, succeed } from "~/services/interact.server.ts";

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
    const anchor = formAnchor(ctx) ?? target;
    const user = await requireActor(ctx, anchor);
    const id = parseId(params.id);
    const notFound = kind === "post" ? "Post not found" : "Comment not found";
    if (id === null) return fail(ctx, { status: 404, toast: { type: "error", title: "Error", description: notFound } });
    const parsed = VoteFormSchema.safeParse({ direction: ctx.form.get("direction") });
    if (!parsed.success) {
      return fail(ctx, { status: 400, anchor, toast: { type: "error", title: "Error", description: parsed.error.issues[0].message } });
    }
    const isUpvote = parsed.data.direction === "up";
    const result = kind === "post" ? castVote({ userId: user.id, postId: id, isUpvote }) : castVote({ userId: user.id, commentId: id, isUpvote });
    if (!result) return fail(ctx, { status: 404, toast: { type: "error", title: "Error", description: notFound } });
    return succeed<VotePayload>(ctx, {
      anchor,
      // With JS the arrows say it all; without JS the page reloads, so a toast confirms.
      toast: ctx.js ? undefined : voteToast(result),
      payload: { target, upvotes: result.upvotes, downvotes: result.downvotes, myVote: result.myVote },
    });
  },
);
