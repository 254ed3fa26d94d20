import { followingFeedPath } from "~/lib/seo.ts";
import { regenerateFeedToken } from "~/models/syndication-token.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";

// POST /feeds/following/token: a new private Following-feed URL (the old one answers 404 from now on).
// The profile's about tab shows the URL (getFeedToken) and posts this form; works without JS.
// A suspended member may still replace it (it keeps their account in hand); the shared demo account
// may not (the model refuses it too).

export type FeedTokenPayload = { feedPath: string };

export const loader = redirectLoader(() => "/");

export const action = interactionAction(
  { who: "member", budget: "toggle", whileSuspended: true, notDemo: true },
  () => "/",
  async (ctx) => {
    const token = regenerateFeedToken({ userId: ctx.user.id });
    return succeed<FeedTokenPayload>(ctx, {
      toast: { type: "success", title: "Feed link replaced", description: "The old Following feed link no longer works." },
      to: `/profile/${ctx.user.id}/about`,
      payload: { feedPath: followingFeedPath(token) },
    });
  },
);
