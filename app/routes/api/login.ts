import type { Route } from "./+types/login";
import { LoginSchema } from "~/rules/schemas/sign-in.ts";
import { verifyLogin } from "~/http/authenticator.server.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { startApiSignIn } from "~/http/two-factor-sign-in.server.ts";

// POST /api/login {username, password}: `username` may be the e-mail address. 200 user | 401 {message};
// with two-factor on, 200 {twoFactorRequired: true} and no session (POST /api/login/two-factor follows).
// Limited per address (the "login" budget). Signing in is never refused to whoever's session the
// browser holds, suspended or not (whileSuspended).
export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "anyone", budget: "login", input: LoginSchema, whileSuspended: true }, async ({ request, input, context }) =>
    startApiSignIn(request, await verifyLogin(input, context?.clientIp)),
  ),
});

export const loader = onlyMethods("POST");
