import { resource } from "~/http/contract.server.ts";
import { noStore, onlyMethods } from "~/http/answers/json-api.server.ts";
import { endSession } from "~/http/cookies/session-cookie.server.ts";

// POST /api/logout: ends the caller's session (if any) and clears the cookie. Anyone, suspended or
// not, spends no budget; the body is never read.
export const action = resource(
  { who: "anyone", whileSuspended: true },
  async ({ request }) =>
    Response.json(
      { success: true, message: "You have been logged out successfully." },
      { headers: { ...noStore, "Set-Cookie": await endSession(request) } },
    ),
  { method: "POST" },
);

export const loader = onlyMethods("POST");
