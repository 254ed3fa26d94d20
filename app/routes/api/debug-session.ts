import type { Route } from "./+types/debug-session";
import { noStore } from "~/http/json-api.server.ts";
import { getUser, publicSelf } from "~/http/session-cookie.server.ts";

// GET /api/debug-session → {user} for the caller's own session, else {} (docs/product.md §4 last recovery step).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return Response.json(user ? { user: publicSelf(user) } : {}, { headers: noStore });
}
