import type { Route } from "./+types/me-two-factor-disable";
import { TwoFactorDisableSchema } from "~/rules/schemas/two-factor.ts";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { disableTwoFactor } from "~/models/account/two-factor.server.ts";

// POST /api/me/two-factor/disable {password, code}: turns two-factor off; both are needed.
// 200 {twoFactor: false} | 400 wrong password or code | 401 | 403 (the demo account) | 409 not on | 429.
export const action = apiAction<Route.ActionArgs>({
  // Guessing the password is a sign-in attempt: the same budget.
  POST: endpoint({ who: "member", budget: "login", input: TwoFactorDisableSchema, whileSuspended: true, notDemo: true }, async ({ user, input }) => {
    await disableTwoFactor({ user, password: input.password, code: input.code });
    return { twoFactor: false };
  }),
});

export const loader = onlyMethods("POST");
