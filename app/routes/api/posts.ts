import type { Route } from "./+types/posts";
import { PostsQuerySchema } from "~/lib/schemas/browse.ts";
import { CreatePostSchema } from "~/lib/schemas/post.ts";
import { getPost, listFeedPosts } from "~/models/post.server.ts";
import { createPost } from "~/models/post-write.server.ts";
import { jsonError, noStore, readJson } from "~/services/http.server.ts";
import { jsonRead, parseQuery } from "~/services/query.server.ts";
import { getUserId } from "~/services/session.server.ts";
import { requireApiUser, requireSelf } from "~/services/guards.server.ts";
import { Problem } from "~/lib/problem.ts";

// GET /api/posts?sortBy=hot|new|top&timeframe=today|week|month|year|all&category=&q=&limit=&offset=
export async function loader({ request }: Route.LoaderArgs) {
  const { sortBy, timeframe, category, q, limit, offset } = parseQuery(request, PostsQuerySchema);
  const viewerId = await getUserId(request);
  return jsonRead("Failed to fetch posts", () =>
    listFeedPosts({ sort: sortBy, timeframe, category, q, limit, offset, viewerId }),
  );
}

// POST /api/posts (SPEC §7): the same schema and model function as the share dialog.
// The author is the session user; a body userId naming someone else is refused.
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed.", 405, { Allow: "GET, POST" });
  const user = await requireApiUser(request);
  const body = await readJson(request);
  try {
    requireSelf(user, body && typeof body === "object" ? (body as { userId?: unknown }).userId : undefined);
  } catch (error) {
    if (error instanceof Problem) return jsonError(error.message, error.status);
    throw error;
  }
  const parsed = CreatePostSchema.safeParse(body);
  if (!parsed.success) return jsonError(parsed.error.issues[0]?.message ?? "Invalid request.", 400);
  const { id } = createPost({ userId: user.id, ...parsed.data });
  return Response.json(getPost({ id, viewerId: user.id }), { status: 201, headers: noStore });
}
