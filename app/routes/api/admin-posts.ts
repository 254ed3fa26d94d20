import type { Route } from "./+types/admin-posts";
import { listAdminPosts } from "~/models/admin/posts.server.ts";
import { parseAdminListQuery } from "~/lib/schemas/admin.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { jsonRead } from "~/http/json-read.server.ts";

// GET /api/admin/posts?q=&page= → posts newest first, 50 a page.
export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => {
  await requireApiAdmin(request);
  return jsonRead("Failed to load posts", () => listAdminPosts(parseAdminListQuery(new URL(request.url))).items);
});
