import { findDemoUser } from "~/services/auth.server.ts";
import { jsonError, noStore } from "~/services/http.server.ts";
import { publicSelf, startSession } from "~/services/session.server.ts";

// POST /api/demo-login: signs in as the pre-made demo account (SPEC §6).
export async function action() {
  const user = findDemoUser();
  if (!user) return jsonError("The demo account is not available on this site.", 404);
  return Response.json(publicSelf(user), {
    headers: { ...noStore, "Set-Cookie": await startSession(user.id) },
  });
}

export const loader = () => jsonError("Method not allowed: use POST.", 405, { Allow: "POST" });
