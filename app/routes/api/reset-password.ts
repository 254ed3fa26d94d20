import type { Route } from "./+types/reset-password";
import { INVALID_RESET_LINK_MESSAGE } from "~/rules/account-rules.ts";
import { invalid } from "~/lib/problem.ts";
import { ResetPasswordSchema } from "~/rules/schemas/sign-in.ts";
import { resetPassword } from "~/models/account/password-reset.server.ts";
import { apiAction, endpoint, noStore, onlyMethods } from "~/http/answers/json-api.server.ts";
import { getSessionToken } from "~/http/cookies/session-cookie.server.ts";

// POST /api/reset-password {token, email, newPassword} → {success, message}. Limited per address (the
// "reset-password" budget); a suspended or unverified member may reset theirs.
export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "anyone", budget: "reset-password", input: ResetPasswordSchema, whileSuspended: true }, async ({ request, input }) => {
    const user = await resetPassword({ ...input, keepSessionToken: await getSessionToken(request) });
    if (!user) throw invalid(INVALID_RESET_LINK_MESSAGE);
    return Response.json(
      { success: true, message: "Your password has been reset. You can now sign in with your new password." },
      { headers: noStore },
    );
  }),
});

export const loader = onlyMethods("POST");
