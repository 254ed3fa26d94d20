import type { Route } from "./+types/posts";
import { PostsQuerySchema } from "~/lib/schemas/browse.ts";
import { getPost, listFeedPosts } from "~/models/post/index.server.ts";
import { apiAction, apiLoader, claimedUserId, readJson } from "~/http/json-api.server.ts";
import { jsonRead, parseQuery } from "~/http/json-read.server.ts";
import { getUserId } from "~/http/session-cookie.server.ts";
import { requireApiUser, requireSelf } from "~/http/guards.server.ts";
import { sharePost } from "~/models/post/share-post.server.ts";

// GET /api/posts?sortBy=hot|new|top&timeframe=today|week|month|year|all&category=&q=&limit=&offset=
export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => {
  const { sortBy, timeframe, category, q, limit, offset } = parseQuery(request, PostsQuerySchema);
  const viewerId = await getUserId(request);
  return jsonRead("Failed to fetch posts", () =>
    listFeedPosts({ sort: sortBy, timeframe, category, q, limit, offset, viewerId }),
  );
});

// POST /api/posts (docs/product.md §7): the share dialog's path (sharePost). The author is the session user
// (a body userId naming someone else is 403); the video fields a client sends are accepted and
// ignored: the server looks the video up itself.
export const action = apiAction<Route.ActionArgs>(
  {
    POST: async ({ request, context }) => {
      const user = await requireApiUser(request);
      const body = await readJson(request);
      requireSelf(user, claimedUserId(body));
      const { id } = await sharePost({ userId: user.id, ip: context.clientIp, submission: body });
      return getPost({ id, viewerId: user.id });
    },
  },
  // sharePost spends the 'post' budget itself (the share dialog's form spends the same).
  { alsoAllow: ["GET"], status: { POST: 201 }, limit: null },
);
