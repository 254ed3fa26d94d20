import { redirect } from "react-router";
import { INVITE_CREATED_TITLE } from "~/lib/signup-rules.ts";
import { createInvite } from "~/models/account/invites.server.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /invites: the about tab's 'Create invite' form. 303 back with the new code in the toast
// (the list below the form shows it too), or back with the reason it was refused.

export const loader = () => redirect("/");

export const action = interactionAction(
  () => "/",
  async (ctx) => {
    const user = await requireActor(ctx);
    const { code } = createInvite({ userId: user.id });
    return succeed(ctx, { toast: { type: "success", title: INVITE_CREATED_TITLE, description: `Your new invite code: ${code}` }, anchor: "invites", payload: { code } });
  },
  { failTitle: "Invite not created", anchor: () => "invites" },
);
