import { redirect } from "react-router";
import type { Route } from "./+types/post.$id.save";
import { savePost, unsavePost } from "~/models/save.server.ts";
import { saveAnchor, saveToastTitle, type SavePayload } from "~/lib/interactions/save.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { SaveFormSchema } from "~/lib/schemas/interact.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /post/:id/save with intent=save|unsave.

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/post/${encodeURIComponent(params.id)}`);
}

export const action = interactionAction<{ id?: string }>(
  (params) => `/post/${params.id}`,
  async (ctx, params) => {
    const user = await requireActor(ctx);
    const postId = requireId(params.id, "Post not found");
    const { intent } = parseOrThrow(SaveFormSchema, { intent: ctx.form.get("intent") });
    const result = intent === "save" ? savePost({ userId: user.id, postId }) : unsavePost({ userId: user.id, postId });
    return succeed<SavePayload>(ctx, {
      toast: { type: "success", title: saveToastTitle(result.isSaved) },
      payload: { postId, isSaved: result.isSaved },
    });
  },
  { anchor: (_form, params) => saveAnchor(params.id ?? "") },
);
