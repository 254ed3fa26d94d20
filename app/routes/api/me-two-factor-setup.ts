import type { Route } from "./+types/me-two-factor-setup";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed } from "~/http/json-api.server.ts";
import { startTwoFactorSetup } from "~/models/account/two-factor.server.ts";

// POST /api/me/two-factor/setup: a new secret waits for one valid code (POST …/enable).
// 200 {secret, otpauthUrl} | 401 | 403 (the demo account) | 409 already on.
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request }) => startTwoFactorSetup({ user: await requireApiUser(request) }),
});

export const loader = () => methodNotAllowed("POST");
