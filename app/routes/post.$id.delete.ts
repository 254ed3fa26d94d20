import type { Route } from "./+types/post.$id.delete";
import { deletePost } from "~/models/post/index.server.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { interactionAction, succeed, withAnchor } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /post/:id/delete: the author deletes their post (offered on their own profile).

export const loader = redirectLoader(({ params }) => `/post/${encodeURIComponent(params.id ?? "")}`);

export const action = interactionAction(
  { who: "member", budget: "toggle" },
  () => "/",
  async (ctx, params: Route.ActionArgs["params"]) => {
    const id = requireId(params.id, NOT_FOUND.post);
    deletePost({ id, actorId: ctx.user.id });
    // The post's own page is gone: land on the home page instead.
    const back = new URL(ctx.back, "http://local.invalid").pathname;
    const to = back === `/post/${id}` || back === `/posts/${id}` ? "/" : withAnchor(ctx.back);
    return succeed(ctx, { to, toast: { type: "success", title: "Post deleted" }, payload: { postId: id } });
  },
  { failTitle: "Failed to delete post" },
);
