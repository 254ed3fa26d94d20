import type { Route } from "./+types/demo-login";
import { findDemoUser } from "~/services/auth.server.ts";
import { enforceRateLimit } from "~/services/rate-limit.server.ts";
import { jsonError, noStore } from "~/services/http.server.ts";
import { publicSelf, startSession } from "~/services/session.server.ts";

// POST /api/demo-login: signs in as the pre-made demo account (SPEC §6). Limited per address:
// every call starts a session row.
export async function action({ request, context }: Route.ActionArgs) {
  enforceRateLimit("demo-login", context.clientIp);
  const user = findDemoUser();
  if (!user) return jsonError("The demo account is not available on this site.", 404);
  return Response.json(publicSelf(user), {
    headers: { ...noStore, "Set-Cookie": await startSession(request, user.id) },
  });
}

export const loader = () => jsonError("Method not allowed: use POST.", 405, { Allow: "POST" });
