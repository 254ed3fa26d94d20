import { redirect } from "react-router";
import type { Route } from "./+types/post.$id.delete";
import { deletePost } from "~/models/post-delete.server.ts";
import { parseId } from "~/lib/schemas/interact.ts";
import { fail, interactionAction, requireActor, succeed, withAnchor } from "~/services/interact.server.ts";

// POST /post/:id/delete: the author deletes their post (offered on their own profile).

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/post/${encodeURIComponent(params.id)}`);
}

export const action = interactionAction<{ id?: string }>(
  () => "/",
  async (ctx, params) => {
    const user = await requireActor(ctx);
    const id = parseId(params.id);
    const error = (status: number, description: string) =>
      fail(ctx, { status, toast: { type: "error", title: "Failed to delete post", description } });
    if (id === null) return error(404, "Post not found");
    const result = deletePost({ id, actorId: user.id });
    if (result.status === "not_found") return error(404, "Post not found");
    if (result.status === "forbidden") return error(403, "You can only delete your own posts.");
    // The post's own page is gone: land on the home page instead.
    const back = new URL(ctx.back, "http://local.invalid").pathname;
    const to = back === `/post/${id}` || back === `/posts/${id}` ? "/" : withAnchor(ctx.back);
    return succeed(ctx, { to, toast: { type: "success", title: "Post deleted" }, payload: { postId: id } });
  },
);
