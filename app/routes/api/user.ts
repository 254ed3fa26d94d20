import { publicSelf } from "~/http/cookies/session-cookie.server.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { Problem } from "~/lib/problem.ts";

// GET /api/user → the signed-in member, or 401 'Not logged in' (its own words: anyone may ask).
export const loader = apiLoader({ who: "anyone" }, ({ user }) => {
  if (!user) throw new Problem("unauthorized", "Not logged in");
  return publicSelf(user);
});
