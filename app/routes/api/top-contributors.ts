import type { Route } from "./+types/top-contributors";
import { ContributorsQuerySchema } from "~/lib/schemas/browse.ts";
import { jsonRead, parseQuery } from "~/http/json-read.server.ts";
import { topContributorsThisWeek } from "~/models/post/week-sidebar.server.ts";

// GET /api/users/top/contributors?limit= → [{ id, username, upvotes }] for the last 7 days.
export function loader({ request }: Route.LoaderArgs) {
  const { limit } = parseQuery(request, ContributorsQuerySchema);
  return jsonRead("Failed to fetch top contributors", () => topContributorsThisWeek(limit));
}
