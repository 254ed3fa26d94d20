import type { Route } from "./+types/post.$id.save";
import { savePost, unsavePost } from "~/models/save.server.ts";
import { saveAnchor, saveToastTitle, type SavePayload } from "~/rules/interactions/save.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { SaveFormSchema } from "~/rules/schemas/interact.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /post/:id/save with intent=save|unsave.

export const loader = redirectLoader(({ params }) => `/post/${encodeURIComponent(params.id ?? "")}`);

export const action = interactionAction(
  { who: "member", budget: "toggle", input: SaveFormSchema },
  (params: Route.ActionArgs["params"]) => `/post/${params.id}`,
  async (ctx, params) => {
    const postId = requireId(params.id, NOT_FOUND.post);
    const userId = ctx.user.id;
    const result = ctx.input.intent === "save" ? savePost({ userId, postId }) : unsavePost({ userId, postId });
    return succeed<SavePayload>(ctx, {
      toast: { type: "success", title: saveToastTitle(result.isSaved) },
      payload: { postId, isSaved: result.isSaved },
    });
  },
  { anchor: (_form, params) => saveAnchor(params.id ?? "") },
);
