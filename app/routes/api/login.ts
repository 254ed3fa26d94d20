import type { Route } from "./+types/login";
import { LoginSchema } from "~/lib/schemas/auth.ts";
import { verifyLogin } from "~/http/authenticator.server.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";
import { enforceRateLimit } from "~/integrations/rate-limit.server.ts";
import { startApiSignIn } from "~/http/two-factor-sign-in.server.ts";

// POST /api/login {username, password}: `username` may be the e-mail address. 200 user | 401 {message};
// with two-factor on, 200 {twoFactorRequired: true} and no session (POST /api/login/two-factor follows).
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const input = await parseJsonBody(request, LoginSchema);
    await enforceRateLimit("login", context.clientIp);
    const user = await verifyLogin(input);
    return startApiSignIn(request, user);
  },
}, { limit: null });

export const loader = () => methodNotAllowed("POST");
