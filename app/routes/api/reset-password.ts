import type { Route } from "./+types/reset-password";
import { INVALID_RESET_LINK_MESSAGE } from "~/lib/account-rules.ts";
import { invalid } from "~/lib/problem.ts";
import { ResetPasswordSchema } from "~/lib/schemas/auth.ts";
import { resetPassword } from "~/models/account/password-reset.server.ts";
import { apiAction, methodNotAllowed, noStore, parseJsonBody } from "~/http/json-api.server.ts";
import { enforceRateLimit } from "~/integrations/rate-limit.server.ts";
import { getSessionToken } from "~/http/session-cookie.server.ts";

// POST /api/reset-password {token, email, newPassword} → {success, message}.
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request, context }) => {
  const input = await parseJsonBody(request, ResetPasswordSchema);
  await enforceRateLimit("reset-password", context.clientIp);
  const user = await resetPassword({ ...input, keepSessionToken: await getSessionToken(request) });
  if (!user) throw invalid(INVALID_RESET_LINK_MESSAGE);
  return Response.json(
    { success: true, message: "Your password has been reset. You can now sign in with your new password." },
    { headers: noStore },
  );
  },
}, { limit: null });

export const loader = () => methodNotAllowed("POST");
