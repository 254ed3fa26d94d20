import type { Route } from "./+types/user";
import { getUser, publicSelf } from "~/http/session-cookie.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { Problem } from "~/lib/problem.ts";

// GET /api/user → the signed-in member, or 401 'Not logged in'.
export const loader = apiLoader<Route.LoaderArgs>(async ({ request }) => {
  const user = await getUser(request);
  if (!user) throw new Problem("unauthorized", "Not logged in");
  return publicSelf(user);
});
