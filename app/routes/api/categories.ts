import { apiLoader } from "~/http/answers/json-api.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";
import { categoryCounts } from "~/models/post/week-sidebar.server.ts";

// GET /api/categories: the 20 categories with their number of posts [{ name, slug, postsCount }].
export const loader = apiLoader({ who: "anyone" }, () => jsonRead("Failed to fetch categories", categoryCounts));
