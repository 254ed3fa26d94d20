import type { Route } from "./+types/posts";
import { PostsQuerySchema } from "~/rules/schemas/browse-query.ts";
import { getPost, pageOfFeedPosts } from "~/models/post/index.server.ts";
import { apiAction, apiLoader, endpoint, pendingJson } from "~/http/answers/json-api.server.ts";
import { HELD_POST_TOAST } from "~/rules/spam-rules.ts";
import { jsonPage } from "~/http/answers/json-read.server.ts";
import { sharePost } from "~/models/post/share-post.server.ts";
import { visitorMutesFor } from "~/http/cookies/mute-cookie.server.ts";

// GET /api/posts?sortBy=hot|new|top&timeframe=today|week|month|year|all&category=&q=&limit=&offset=
// An array; `Link: <…>; rel="next"` says where the next page starts (for a muting viewer not at offset + limit).
export const loader = apiLoader({ who: "anyone", input: PostsQuerySchema }, ({ request, user, input }) => {
  const { sortBy, timeframe, category, q, limit, offset } = input;
  return jsonPage("Failed to fetch posts", request, () => {
    const { posts, next } = pageOfFeedPosts({ sort: sortBy, timeframe, category, q, limit, offset, viewerId: user?.id, visitorMutes: visitorMutesFor(request, user) });
    return { items: posts, next };
  });
});

// POST /api/posts (docs/product.md §7): the share dialog's path (sharePost). The author is the session user
// (a body userId naming someone else is 403); the video fields a client sends are accepted and
// ignored: the server looks the video up itself.
export const action = apiAction<Route.ActionArgs>(
  {
    // No budget here: sharePost (model) spends the "post" budget itself (the share dialog's form spends the same).
    POST: endpoint({ who: "member" }, async ({ context, user, body }) => {
      const { published, held } = await sharePost({ userId: user.id, ip: context?.clientIp, submission: body });
      if (held) return pendingJson(HELD_POST_TOAST, held);
      return getPost({ id: published.id, viewerId: user.id });
    }),
  },
  { alsoAllow: ["GET"], status: { POST: 201 } },
);
