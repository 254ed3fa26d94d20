// POST /api/posts (SPEC §7): the same schema and model function as the share dialog.
// The author is the session user; a body userId naming someone else is refused.
import type { Route } from "./+types/posts-create";
import { CreatePostSchema } from "~/lib/schemas/post.ts";
import { createPost } from "~/models/post-write.server.ts";
import { toPublicUser } from "~/models/user.server.ts";
import { jsonError, noStore, readJson } from "~/services/http.server.ts";
import { requireApiUser } from "~/services/session.server.ts";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError("Method not allowed.", 405, { Allow: "POST" });
  const user = await requireApiUser(request);
  const body = await readJson(request);
  const claimed = body && typeof body === "object" ? (body as { userId?: unknown }).userId : undefined;
  if (claimed !== undefined && claimed !== null && String(claimed) !== String(user.id)) {
    return jsonError("You can only create posts as yourself.", 403);
  }
  const parsed = CreatePostSchema.safeParse(body);
  if (!parsed.success) return jsonError(parsed.error.issues[0]?.message ?? "Invalid request.", 400);

  const { hot: _hot, score: _score, trendingNotifiedAt: _t, ...post } = createPost({ userId: user.id, ...parsed.data });
  return Response.json(
    { ...post, username: user.username, author: toPublicUser(user) },
    { status: 201, headers: noStore },
  );
}
