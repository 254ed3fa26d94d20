import { UsernameSchema } from "~/lib/schemas/auth.ts";
import { isUsernameTaken } from "~/models/user.server.ts";
import { apiLoader } from "~/http/json-api.server.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";

// GET /api/check-username/:username → {available}. Names are compared ignoring case, like sign-up does.
export const loader = apiLoader({ who: "anyone" }, ({ params }) => ({
  available: !isUsernameTaken({ username: parseOrThrow(UsernameSchema, params.username) }),
}));
