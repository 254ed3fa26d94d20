import type { Route } from "./+types/me-verification";
import { apiAction, endpoint, onlyMethods } from "~/http/answers/json-api.server.ts";
import { resendVerification } from "~/models/account/email-verification.server.ts";

// POST /api/me/verification: mails a new verification link → {sent: true, email}; 409 when the address
// is already verified, 429 (Retry-After) within a minute of the last link, 401 for a visitor. An
// unverified (or suspended) member may ask: it is under /api/me/.
export const action = apiAction<Route.ActionArgs>({
  POST: endpoint({ who: "member", budget: "toggle", whileSuspended: true }, async ({ user }) => ({
    sent: true,
    ...(await resendVerification({ userId: user.id })),
  })),
});

export const loader = onlyMethods("POST");
