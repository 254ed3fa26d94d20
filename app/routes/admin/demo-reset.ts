import { resetDemoAccount } from "~/models/admin/demo-reset.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";

// POST /admin/demo/reset: 'Reset the demo account' on the admin dashboard; 303 back with a toast
// (JS off) or data for a fetcher. Admins only (the model checks the role again and logs it).

export const loader = redirectLoader(() => "/admin");

export const action = interactionAction(
  { who: "admin", budget: "moderate" },
  () => "/admin",
  async (ctx) => {
    const { posts } = resetDemoAccount({ actorId: ctx.user.id });
    return succeed(ctx, {
      toast: { type: "success", title: "Demo account reset", description: `Its ${posts} seeded posts are back; what visitors made is gone.` },
      payload: { posts },
    });
  },
  { failTitle: "Failed to reset the demo account" },
);
