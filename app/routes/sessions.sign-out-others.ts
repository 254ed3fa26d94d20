import { redirect } from "react-router";
import { signOutOtherSessions } from "~/models/session.server.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";
import { getSessionToken } from "~/http/session-cookie.server.ts";

// POST /sessions/sign-out-others: 'Sign out everywhere else' from the profile's about tab. Ends every
// session of the signed-in user but this one; 303 back to the about tab with a toast (JS off),
// or data for a fetcher (JS on).

export const loader = () => redirect("/");

export const action = interactionAction(
  () => "/",
  async (ctx) => {
    const user = await requireActor(ctx);
    const keepToken = await getSessionToken(ctx.request);
    // requireActor found a user, so this request carries a live session token.
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
