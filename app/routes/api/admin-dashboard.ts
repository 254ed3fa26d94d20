import type { Route } from "./+types/admin-dashboard";
import { getDashboardStats } from "~/models/admin/stats.server.ts";
import { requireApiAdmin } from "~/http/guards.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { jsonRead } from "~/http/json-read.server.ts";

// GET /api/admin/dashboard → {totalUsers, totalPosts, totalComments, totalUpvotes, recentUsers, topPosts}.
export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => {
  await requireApiAdmin(request);
  return jsonRead("Failed to load dashboard data. Please try again.", getDashboardStats);
});
