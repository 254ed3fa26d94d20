import { INVITE_CREATED_TITLE } from "~/rules/signup-rules.ts";
import { createInvite } from "~/models/account/invites.server.ts";
import { actsAsAdmin } from "~/http/contract.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";

// POST /invites: the about tab's 'Create invite' form. 303 back with the new code in the toast
// (the list below the form shows it too), or back with the reason it was refused. The shared demo
// account may not (docs/product.md §11).

export const loader = redirectLoader(() => "/");

export const action = interactionAction(
  { who: "member", budget: "toggle", notDemo: true },
  () => "/",
  async (ctx) => {
    const { code } = createInvite({ userId: ctx.user.id, asAdmin: await actsAsAdmin(ctx.request) });
    return succeed(ctx, { toast: { type: "success", title: INVITE_CREATED_TITLE, description: `Your new invite code: ${code}` }, anchor: "invites", payload: { code } });
  },
  { failTitle: "Invite not created", anchor: () => "invites" },
);
