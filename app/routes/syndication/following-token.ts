import { redirect } from "react-router";
import { followingFeedPath } from "~/lib/seo.ts";
import { regenerateFeedToken } from "~/models/syndication-token.server.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /feeds/following/token: a new private Following-feed URL (the old one answers 404 from now on).
// The profile's about tab shows the URL (getFeedToken) and posts this form; works without JS.

export type FeedTokenPayload = { feedPath: string };

export const loader = () => redirect("/");

export const action = interactionAction(
  () => "/",
  async (ctx) => {
    const user = await requireActor(ctx);
    const token = regenerateFeedToken({ userId: user.id });
    return succeed<FeedTokenPayload>(ctx, {
      toast: { type: "success", title: "Feed link replaced", description: "The old Following feed link no longer works." },
      to: `/profile/${user.id}/about`,
      payload: { feedPath: followingFeedPath(token) },
    });
  },
);
