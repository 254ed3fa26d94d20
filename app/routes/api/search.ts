import { SearchQuerySchema } from "~/rules/schemas/browse-query.ts";
import { searchEverything } from "~/models/post/index.server.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";
import { visitorMutesFor } from "~/http/cookies/mute-cookie.server.ts";

// GET /api/search?q= → { posts, users } (an empty q: the newest posts and the busiest members).
export const loader = apiLoader({ who: "anyone", input: SearchQuerySchema }, ({ request, user, input }) =>
  jsonRead("Failed to fetch search results. Please try again.", () => {
    const { posts, users } = searchEverything({ q: input.q, limits: { posts: 20, users: 20 }, viewerId: user?.id, visitorMutes: visitorMutesFor(request, user) });
    return { posts: posts.posts, users: users.users };
  }),
);
