import type { Route } from "./+types/me-two-factor-enable";
import { TwoFactorEnableSchema } from "~/rules/schemas/two-factor.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { getSessionToken } from "~/http/cookies/session-cookie.server.ts";
import { enableTwoFactor } from "~/models/account/two-factor.server.ts";

// POST /api/me/two-factor/enable {code, password}: turns two-factor on with the member's password and
// a valid code for the waiting secret; every other session of the member ends.
// 200 {recoveryCodes} (shown this once) | 400 wrong password or invalid code (it counts toward the lock) | 401 | 409 | 429.
export const action = apiAction<Route.ActionArgs>({
  // Guessing the password is a sign-in attempt: the same budget.
  POST: endpoint({ who: "member", budget: "login", input: TwoFactorEnableSchema, whileSuspended: true, notDemo: true }, async ({ request, user, input }) =>
    enableTwoFactor({ user, code: input.code, password: input.password, sessionToken: await getSessionToken(request) }),
  ),
});

export const loader = onlyMethods("POST");
