import type { Route } from "./+types/login-two-factor";
import { TwoFactorCodeSchema } from "~/lib/schemas/two-factor.ts";
import { apiAction, methodNotAllowed, noStore, parseJsonBody } from "~/http/json-api.server.ts";
import { publicSelf } from "~/http/session-cookie.server.ts";
import { finishSignIn } from "~/http/two-factor-sign-in.server.ts";
import { enforceRateLimit } from "~/integrations/rate-limit.server.ts";

// POST /api/login/two-factor {code}: the second step after POST /api/login answered
// {twoFactorRequired: true}. A TOTP code or a recovery code: 200 user with the session cookie | 400
// wrong code | 401 no live sign-in (expired, or its attempts spent) | 429.
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const { code } = await parseJsonBody(request, TwoFactorCodeSchema);
    await enforceRateLimit("login", context.clientIp);
    const { user, cookies } = await finishSignIn(request, code);
    const headers = new Headers(noStore);
    for (const c of cookies) headers.append("Set-Cookie", c);
    return Response.json(publicSelf(user), { headers });
  },
}, { limit: null });

export const loader = () => methodNotAllowed("POST");
