import { apiLoader } from "~/http/answers/json-api.server.ts";
import { publicSelf } from "~/http/cookies/session-cookie.server.ts";

// GET /api/debug-session → {user} for the caller's own session, else {} (docs/product.md §4 last recovery step).
export const loader = apiLoader({ who: "anyone" }, ({ user }) => (user ? { user: publicSelf(user) } : {}));
