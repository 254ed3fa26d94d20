import { UsernameSchema } from "~/rules/schemas/sign-in.ts";
import { isUsernameTaken } from "~/models/user.server.ts";
import { apiLoader } from "~/http/answers/json-api.server.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";

// GET /api/check-username/:username → {available}. Names are compared ignoring case, like sign-up does.
export const loader = apiLoader({ who: "anyone" }, ({ params }) => ({
  available: !isUsernameTaken({ username: parseOrThrow(UsernameSchema, params.username) }),
}));
