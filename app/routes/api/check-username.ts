import type { Route } from "./+types/check-username";
import { UsernameSchema } from "~/lib/schemas/auth.ts";
import { isUsernameTaken } from "~/models/user.server.ts";
import { jsonError, noStore } from "~/http/json-api.server.ts";

// GET /api/check-username/:username → {available}. Names are compared ignoring case, like sign-up does.
export function loader({ params }: Route.LoaderArgs) {
  const parsed = UsernameSchema.safeParse(params.username);
  if (!parsed.success) return jsonError(parsed.error.issues[0]?.message ?? "Invalid username.", 400);
  return Response.json({ available: !isUsernameTaken({ username: parsed.data }) }, { headers: noStore });
}
