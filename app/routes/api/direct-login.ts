import { resource } from "~/http/contract.server.ts";
import { noStore, onlyMethods, problemJson } from "~/http/answers/json-api.server.ts";
import { Problem } from "~/lib/problem.ts";
import { publicSelf } from "~/http/cookies/session-cookie.server.ts";

// POST /api/direct-login (docs/product.md §4 session recovery). It only ever confirms the session the caller's
// cookie already holds: it never signs anyone in and ignores whatever the body claims (it never reads
// it). It writes nothing: no budget, and a suspended member's session is confirmed like any other.
export const action = resource(
  { who: "anyone", whileSuspended: true },
  ({ user }) => {
    if (!user) {
      return problemJson(new Problem("unauthorized", "No active session. Please sign in.", { details: { success: false } }));
    }
    return Response.json({ success: true, user: publicSelf(user), message: "Session is active." }, { headers: noStore });
  },
  { method: "POST" },
);

export const loader = onlyMethods("POST");
