import type { Route } from "./+types/forgot-password";
import { ForgotPasswordSchema } from "~/rules/schemas/sign-in.ts";
import { FORGOT_PASSWORD_MESSAGE, requestPasswordReset } from "~/http/authenticator.server.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { apiAction, endpoint, noStore, onlyMethods } from "~/http/answers/json-api.server.ts";

// POST /api/forgot-password {email}: the same answer whether or not an account has the address.
// Limited per address (the "forgot-password" budget).
export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "anyone", budget: "forgot-password", input: ForgotPasswordSchema, whileSuspended: true }, async ({ request, input }) => {
    const { resetLink } = await requestPasswordReset({ email: input.email, request });
    const body: Record<string, unknown> = { message: FORGOT_PASSWORD_MESSAGE };
    if (getEnv().RESET_LINK_IN_RESPONSE) {
      // docs/product.md §7 demo mode (RESET_LINK_IN_RESPONSE, local demos only): the link comes back in the answer.
      Object.assign(body, {
        demoMode: true,
        resetLink,
        note: resetLink
          ? "Demo mode: the reset link is included here instead of being e-mailed only."
          : "Demo mode: no account uses this email address, so there is no reset link.",
      });
    }
    return Response.json(body, { headers: noStore });
  }),
});

export const loader = onlyMethods("POST");
