import { redirect } from "react-router";
import { resetDemoAccount } from "~/models/admin/demo-reset.server.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /admin/demo/reset: 'Reset the demo account' on the admin dashboard; 303 back with a toast
// (JS off) or data for a fetcher. The model checks the admin and logs it.

export const loader = () => redirect("/admin");

export const action = interactionAction(
  () => "/admin",
  async (ctx) => {
    const actor = await requireActor(ctx);
    const { posts } = resetDemoAccount({ actorId: actor.id });
    return succeed(ctx, {
      toast: { type: "success", title: "Demo account reset", description: `Its ${posts} seeded posts are back; what visitors made is gone.` },
      payload: { posts },
    });
  },
  { failTitle: "Failed to reset the demo account" },
);
