import { redirect } from "react-router";
import type { Route } from "./+types/post.$id.save";
import { savePost, unsavePost } from "~/models/save.server.ts";
import { parseId, SaveFormSchema } from "~/lib/schemas/interact.ts";
import { fail, interactionAction, requireActor, succeed } from "~/services/interact.server.ts";

// POST /post/:id/save with intent=save|unsave.

export type SavePayload = { postId: number; isSaved: boolean };

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/post/${encodeURIComponent(params.id)}`);
}

export const action = interactionAction<{ id?: string }>(
  (params) => `/post/${params.id}`,
  async (ctx, params) => {
    const anchor = `post-${params.id}`;
    const user = await requireActor(ctx, anchor);
    const postId = parseId(params.id);
    const parsed = SaveFormSchema.safeParse({ intent: ctx.form.get("intent") });
    const error = (status: number, description: string) => fail(ctx, { status, anchor, toast: { type: "error", title: "Error", description } });
    if (postId === null) return error(404, "Post not found");
    if (!parsed.success) return error(400, "Choose save or unsave");
    const result = parsed.data.intent === "save" ? savePost({ userId: user.id, postId }) : unsavePost({ userId: user.id, postId });
    if (!result) return error(404, "Post not found");
    return succeed<SavePayload>(ctx, {
      anchor,
      toast: { type: "success", title: result.isSaved ? "Post saved" : "Post unsaved" },
      payload: { postId, isSaved: result.isSaved },
    });
  },
);
