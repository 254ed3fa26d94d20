import type { Route } from "./+types/me-two-factor-disable";
import { TwoFactorDisableSchema } from "~/lib/schemas/two-factor.ts";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";
import { enforceRateLimit } from "~/integrations/rate-limit.server.ts";
import { disableTwoFactor } from "~/models/account/two-factor.server.ts";

// POST /api/me/two-factor/disable {password, code}: turns two-factor off; both are needed.
// 200 {twoFactor: false} | 400 wrong password or code | 401 | 409 not on | 429.
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, context }) => {
    const user = await requireApiUser(request);
    const input = await parseJsonBody(request, TwoFactorDisableSchema);
    // Guessing the password is a sign-in attempt: the same budget.
    await enforceRateLimit("login", context.clientIp);
    await disableTwoFactor({ user, password: input.password, code: input.code });
    return { twoFactor: false };
  },
});

export const loader = () => methodNotAllowed("POST");
