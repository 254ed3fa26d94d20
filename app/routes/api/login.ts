import type { Route } from "./+types/login";
import { LoginSchema } from "~/lib/schemas/auth.ts";
import { verifyLogin } from "~/services/auth.server.ts";
import { apiAction, methodNotAllowed, noStore, parseJsonBody } from "~/services/json-api.server.ts";
import { enforceRateLimit } from "~/services/rate-limit.server.ts";
import { publicSelf, startSession } from "~/services/session.server.ts";

// POST /api/login {username, password}: `username` may be the e-mail address. 200 user | 401 {message}.
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const input = await parseJsonBody(request, LoginSchema);
    await enforceRateLimit("login", context.clientIp);
    const user = await verifyLogin(input);
    return Response.json(publicSelf(user), { headers: { ...noStore, "Set-Cookie": await startSession(request, user.id) } });
  },
}, { limit: null });

export const loader = () => methodNotAllowed("POST");
