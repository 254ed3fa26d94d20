import type { Route } from "./+types/me-two-factor-enable";
import { TwoFactorEnableSchema } from "~/lib/schemas/two-factor.ts";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed, parseJsonBody } from "~/http/json-api.server.ts";
import { enableTwoFactor } from "~/models/account/two-factor.server.ts";

// POST /api/me/two-factor/enable {code}: turns two-factor on with a valid code for the waiting secret.
// 200 {recoveryCodes} (shown this once) | 400 invalid code (it counts toward the lock) | 401 | 409 | 429.
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const { code } = await parseJsonBody(request, TwoFactorEnableSchema);
    return enableTwoFactor({ user, code });
  },
});

export const loader = () => methodNotAllowed("POST");
