import type { Route } from "./+types/login-two-factor";
import { TwoFactorCodeSchema } from "~/rules/schemas/two-factor.ts";
import { apiAction, endpoint, noStore, onlyMethods } from "~/http/answers/json-api.server.ts";
import { publicSelf } from "~/http/cookies/session-cookie.server.ts";
import { finishSignIn } from "~/http/two-factor-sign-in.server.ts";

// POST /api/login/two-factor {code}: the second step after POST /api/login answered
// {twoFactorRequired: true}. A TOTP code or a recovery code: 200 user with the session cookie | 400
// wrong code | 401 no live sign-in (expired, or its attempts spent) | 429 (the "login" budget, per address).
export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "anyone", budget: "login", input: TwoFactorCodeSchema, whileSuspended: true }, async ({ request, input }) => {
    const { user, cookies } = await finishSignIn(request, input.code);
    const headers = new Headers(noStore);
    for (const c of cookies) headers.append("Set-Cookie", c);
    return Response.json(publicSelf(user), { headers });
  }),
});

export const loader = onlyMethods("POST");
