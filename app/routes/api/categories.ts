import { jsonRead } from "~/services/json-read.server.ts";
import { categoryCounts } from "~/services/sidebar-cache.server.ts";

// GET /api/categories: the 20 categories with their number of posts [{ name, slug, postsCount }].
export function loader() {
  return jsonRead("Failed to fetch categories", categoryCounts);
}
