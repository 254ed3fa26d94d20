import { listAdminPosts } from "~/models/admin/posts.server.ts";
import { reachOf } from "~/models/moderation/roles.server.ts";
import { AdminListQuerySchema } from "~/rules/schemas/admin.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";

// GET /api/admin/posts?q=&page= → posts newest first, 50 a page.
export const loader = apiLoader({ who: "moderator", input: AdminListQuerySchema }, ({ user, input }) =>
  jsonRead("Failed to load posts", () => listAdminPosts({ ...input, reach: reachOf(user.id) }).items),
);
