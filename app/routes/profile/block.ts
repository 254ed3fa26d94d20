import { blockFailTitle, blockToastText, blockToastTitle, type BlockState } from "~/rules/interactions/block-member.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { BlockFormSchema } from "~/rules/schemas/profile-input.ts";
import { blockUser, unblockUser } from "~/models/block.server.ts";
import { formAnchor, interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /profile/:id/block with intent=block|unblock, from the profile, a comment's menu or the
// about tab's list: 303 back with 'Member blocked' / 'Member unblocked' (JS off), or {blocked} for a
// fetcher. Visitors sign in and come back.

export const loader = redirectLoader(({ params }) => `/profile/${encodeURIComponent(params.id ?? "")}`);

export const action = interactionAction(
  { who: "member", budget: "toggle", input: BlockFormSchema },
  (params: { id?: string }) => `/profile/${params.id}`,
  (ctx, params) => {
    const { intent } = ctx.input;
    const ids = { blockerId: ctx.user.id, blockedId: requireId(params.id, NOT_FOUND.user) };
    const state = intent === "block" ? blockUser(ids) : unblockUser(ids);
    return succeed<BlockState>(ctx, { toast: { type: "success", title: blockToastTitle(state), description: blockToastText(state) }, payload: state });
  },
  { failTitle: (form) => blockFailTitle(form.get("intent")), anchor: (form) => formAnchor(form) },
);
