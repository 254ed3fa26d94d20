import { VERIFIED_TOAST, VERIFY_LINK_INVALID, resentToast } from "~/rules/signup-rules.ts";
import { resendVerification, verifyEmail } from "~/models/account/email-verification.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { resource } from "~/http/contract.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";

// GET /account/verify-email?token=…: the mailed link. It verifies the address (signed in or not: the
// token is the proof) and goes home with 'E-mail verified', or with the error toast when the link is
// unknown or expired. POST: the banner's 'Resend' form, a new link (once a minute), 303 back with a toast.

export const loader = resource({ who: "anyone" }, ({ request }) => {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = token.length > 0 && token.length <= 200 ? verifyEmail({ token }) : null;
  if (user) return redirectWithToast("/", VERIFIED_TOAST);
  return redirectWithToast("/", { type: "error", title: "Verification failed", description: VERIFY_LINK_INVALID });
});

export const action = interactionAction(
  { who: "member", budget: "toggle", whileSuspended: true },
  () => "/",
  async (ctx) => {
    const { email } = await resendVerification({ userId: ctx.user.id });
    return succeed(ctx, { toast: resentToast(email) });
  },
  { failTitle: "Link not sent" },
);
