import { requireId } from "~/rules/schemas/id-field.ts";
import { UserListQuerySchema } from "~/rules/schemas/profile-input.ts";
import { profileListPage, type ProfileList } from "~/models/profile-lists.server.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { jsonPage } from "~/http/answers/json-read.server.ts";
import { visitorMutesFor } from "~/http/cookies/mute-cookie.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// GET /api/users/:id/posts, /comments (each with postTitle), /upvoted, /saved (only your own: 401
// signed out, 403 someone else's) — each an array in its tab's order, ?limit= (10, at most 100) &offset=,
// with `Link: <…>; rel="next"` where the next page starts.

const FAILURES: Record<ProfileList, string> = {
  posts: "Failed to fetch posts",
  comments: "Failed to fetch comments",
  upvoted: "Failed to fetch upvoted posts",
  saved: "Failed to fetch saved posts",
};

export const loader = apiLoader({ who: "anyone", input: UserListQuerySchema }, ({ request, params, user, input }) => {
  const list = new URL(request.url).pathname.split("/").pop() as ProfileList;
  return jsonPage(FAILURES[list], request, () => {
    const userId = requireId(params.id, NOT_FOUND.user);
    return profileListPage(list, { userId, limit: input.limit, offset: input.offset, viewerId: user?.id, visitorMutes: visitorMutesFor(request, user) });
  });
});
