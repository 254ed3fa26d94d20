import type { Route } from "./+types/posts";
import { PostsQuerySchema } from "~/lib/schemas/browse.ts";
import { listFeedPosts } from "~/models/post.server.ts";
import { jsonRead, parseQuery } from "~/services/query.server.ts";
import { getUserId } from "~/services/session.server.ts";

// GET /api/posts?sortBy=hot|new|top&timeframe=today|week|month|year|all&category=&q=&limit=&offset=
export async function loader({ request }: Route.LoaderArgs) {
  const { sortBy, timeframe, category, q, limit, offset } = parseQuery(request, PostsQuerySchema);
  const viewerId = await getUserId(request);
  return jsonRead("Failed to fetch posts", () =>
    listFeedPosts({ sort: sortBy, timeframe, category, q, limit, offset, viewerId }),
  );
}
