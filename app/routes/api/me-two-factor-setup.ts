import type { Route } from "./+types/me-two-factor-setup";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { startTwoFactorSetup } from "~/models/account/two-factor.server.ts";

// POST /api/me/two-factor/setup: a new secret waits for one valid code (POST …/enable).
// 200 {secret, otpauthUrl} | 401 | 403 (the demo account) | 409 already on.
export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "member", budget: "toggle", whileSuspended: true, notDemo: true }, ({ user }) => startTwoFactorSetup({ user })),
});

export const loader = onlyMethods("POST");
