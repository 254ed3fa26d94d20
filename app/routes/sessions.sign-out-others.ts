import { signOutOtherSessions } from "~/models/session.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { getSessionToken } from "~/http/cookies/session-cookie.server.ts";

// POST /sessions/sign-out-others: 'Sign out everywhere else' from the profile's about tab. Ends every
// session of the signed-in user but this one; 303 back to the about tab with a toast (JS off),
// or data for a fetcher (JS on). The shared demo account may not (docs/product.md §11).

export const loader = redirectLoader(() => "/");

export const action = interactionAction(
  { who: "member", budget: "toggle", whileSuspended: true, notDemo: true },
  () => "/",
  async (ctx) => {
    const { user } = ctx;
    const keepToken = await getSessionToken(ctx.request);
    // The contract admitted a member, so this request carries a live session token.
    const { ended } = signOutOtherSessions({ userId: user.id, keepToken: keepToken! });
    return succeed(ctx, {
      toast: {
        type: "success",
        title: "Signed out everywhere else",
        description: ended === 1 ? "1 other session was ended." : `${ended} other sessions were ended.`,
      },
      payload: { ended },
      to: `/profile/${user.id}/about`,
    });
  },
  { failTitle: "Could not sign out other sessions" },
);
