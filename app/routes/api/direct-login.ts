import type { Route } from "./+types/direct-login";
import { jsonError, noStore } from "~/http/json-api.server.ts";
import { getUser, publicSelf } from "~/http/session-cookie.server.ts";

// POST /api/direct-login (docs/product.md §4 session recovery). It only ever confirms the session the caller's
// cookie already holds: it never signs anyone in and ignores whatever the body claims.
export async function action({ request }: Route.ActionArgs) {
  const user = await getUser(request);
  if (!user) {
    return Response.json(
      { success: false, message: "No active session. Please sign in." },
      { status: 401, headers: noStore },
    );
  }
  return Response.json(
    { success: true, user: publicSelf(user), message: "Session is active." },
    { headers: noStore },
  );
}

export const loader = () => jsonError("Method not allowed: use POST.", 405, { Allow: "POST" });
