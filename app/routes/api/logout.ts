import type { Route } from "./+types/logout";
import { methodNotAllowed, noStore } from "~/http/json-api.server.ts";
import { endSession } from "~/http/session-cookie.server.ts";

// POST /api/logout: ends the caller's session (if any) and clears the cookie.
export async function action({ request }: Route.ActionArgs) {
  return Response.json(
    { success: true, message: "You have been logged out successfully." },
    { headers: { ...noStore, "Set-Cookie": await endSession(request) } },
  );
}

export const loader = () => methodNotAllowed("POST");
