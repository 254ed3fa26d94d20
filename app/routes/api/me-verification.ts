import type { Route } from "./+types/me-verification";
import { requireApiUser } from "~/http/guards.server.ts";
import { apiAction, methodNotAllowed } from "~/http/json-api.server.ts";
import { resendVerification } from "~/models/account/email-verification.server.ts";

// POST /api/me/verification: mails a new verification link → {sent: true, email}; 409 when the address
// is already verified, 429 (Retry-After) within a minute of the last link, 401 for a visitor.
export const action = apiAction<Route.ActionArgs>({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    return { sent: true, ...resendVerification({ userId: user.id }) };
  },
});

export const loader = () => methodNotAllowed("POST");
