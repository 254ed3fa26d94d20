import { ContributorsQuerySchema } from "~/rules/schemas/browse-query.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";
import { topContributorsThisWeek } from "~/models/post/week-sidebar.server.ts";

// GET /api/users/top/contributors?limit= → [{ id, username, upvotes }] for the last 7 days.
export const loader = apiLoader({ who: "anyone", input: ContributorsQuerySchema }, ({ user, input }) =>
  jsonRead("Failed to fetch top contributors", () => topContributorsThisWeek(input.limit, { viewerId: user?.id })),
);
