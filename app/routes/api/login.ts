import type { Route } from "./+types/login";
import { LoginSchema } from "~/lib/schemas/auth.ts";
import { verifyLogin } from "~/http/authenticator.server.ts";
import { apiAction, methodNotAllowed, noStore, parseJsonBody } from "~/http/json-api.server.ts";
import { enforceRateLimit } from "~/integrations/rate-limit.server.ts";
import { publicSelf, startSession } from "~/http/session-cookie.server.ts";

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
