import type { Route } from "./+types/post.$id.hide";
import { HIDE_TEXT, HIDE_TITLE, hideFailTitle, UNHIDE_TEXT, UNHIDE_TITLE } from "~/rules/mute-rules.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { HideFormSchema } from "~/rules/schemas/mute.ts";
import { hidePost, unhidePost, type HideState } from "~/models/mute/hide.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /post/:id/hide with intent=hide|unhide: 'Hide' on a card (303 back with 'Post hidden' and an
// Undo button in the toast), and 'Show again' from that toast or the Hidden tab (/mutes?tab=hidden).

export const loader = redirectLoader(({ params }) => `/post/${encodeURIComponent(params.id ?? "")}`);

export const action = interactionAction(
  { who: "member", budget: "toggle", input: HideFormSchema },
  (params: Route.ActionArgs["params"]) => `/post/${params.id}`,
  (ctx, params) => {
    const postId = requireId(params.id, NOT_FOUND.post);
    const ids = { userId: ctx.user.id, postId };
    const state = ctx.input.intent === "hide" ? hidePost(ids) : unhidePost(ids);
    const toast = state.hidden
      ? { type: "success" as const, title: HIDE_TITLE, description: HIDE_TEXT, undo: { action: `/post/${postId}/hide`, intent: "unhide" } }
      : { type: "success" as const, title: UNHIDE_TITLE, description: UNHIDE_TEXT };
    // From a card's 'Hide or mute…' page, back to the home feed (the page it offered no longer applies).
    const to = ctx.back.startsWith("/mutes?post=") ? "/" : undefined;
    return succeed<HideState & { postId: number }>(ctx, { toast, payload: { ...state, postId }, to });
  },
  { failTitle: (form) => hideFailTitle(form.get("intent") !== "unhide") },
);
