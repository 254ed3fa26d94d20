import { getDashboardStats } from "~/models/admin/stats.server.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { jsonRead } from "~/http/answers/json-read.server.ts";

// GET /api/admin/dashboard → {totalUsers, totalPosts, totalComments, totalUpvotes, recentUsers, topPosts}.
export const loader = apiLoader({ who: "moderator" }, () => jsonRead("Failed to load dashboard data. Please try again.", getDashboardStats));
