import type { Route } from "./+types/search";
import { SearchQuerySchema } from "~/lib/schemas/browse.ts";
import { searchEverything } from "~/models/post/index.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { jsonRead, parseQuery } from "~/http/json-read.server.ts";
import { getUserId } from "~/http/session-cookie.server.ts";

// GET /api/search?q= → { posts, users } (an empty q: the newest posts and the busiest members).
export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => {
  const { q } = parseQuery(request, SearchQuerySchema);
  const viewerId = await getUserId(request);
  return jsonRead("Failed to fetch search results. Please try again.", () => {
    const { posts, users } = searchEverything({ q, limits: { posts: 20, users: 20 }, viewerId });
    return { posts: posts.posts, users: users.users };
  });
});
