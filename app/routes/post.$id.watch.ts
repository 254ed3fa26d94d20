import type { Route } from "./+types/post.$id.watch";
import { watchPost } from "~/models/watch.server.ts";
import { followingAfter, watchAnchor, watchToastTitle, type WatchPayload } from "~/rules/interactions/watch.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { WatchFormSchema } from "~/rules/schemas/interact.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /post/:id/watch with intent=follow|unfollow (the author's unfollow mutes replies to their post).

export const loader = redirectLoader(({ params }) => `/post/${encodeURIComponent(params.id ?? "")}`);

export const action = interactionAction(
  { who: "member", budget: "toggle", input: WatchFormSchema },
  (params: Route.ActionArgs["params"]) => `/post/${params.id}`,
  async (ctx, params) => {
    const postId = requireId(params.id, NOT_FOUND.post);
    const result = watchPost({ userId: ctx.user.id, postId, following: followingAfter(ctx.input.intent) });
    return succeed<WatchPayload>(ctx, {
      toast: { type: "success", title: watchToastTitle("post", result.following, result.isAuthor) },
      payload: { target: "post", id: postId, following: result.following },
    });
  },
  { anchor: () => watchAnchor("post", 0) },
);
