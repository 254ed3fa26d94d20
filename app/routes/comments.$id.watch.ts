import type { Route } from "./+types/comments.$id.watch";
import { watchComment } from "~/models/watch.server.ts";
import { followingAfter, watchAnchor, watchToastTitle, type WatchPayload } from "~/rules/interactions/watch.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { WatchFormSchema } from "~/rules/schemas/interact.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /comments/:id/watch with intent=follow|unfollow: the replies below one comment.

export const loader = redirectLoader(() => "/");

export const action = interactionAction(
  { who: "member", budget: "toggle", input: WatchFormSchema },
  () => "/",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const commentId = requireId(params.id, NOT_FOUND.comment);
    const result = watchComment({ userId: ctx.user.id, commentId, following: followingAfter(ctx.input.intent) });
    return succeed<WatchPayload>(ctx, {
      toast: { type: "success", title: watchToastTitle("comment", result.following) },
      payload: { target: "comment", id: commentId, following: result.following },
    });
  },
  { anchor: (_form, params) => watchAnchor("comment", params.id ?? "") },
);
