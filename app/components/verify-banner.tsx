import { Form } from "react-router";
import { verifyBannerText } from "~/rules/signup-rules.ts";
import { Button } from "./ui/button.tsx";

/**
 * On every page until the address is verified (SIGNUP_MODE=verify): check the mail, or ask for a new
 * link. A plain POST (303 back with a toast), with JavaScript or without.
 */
export function VerifyBanner({ email }: { email: string }) {
  return (
    <div role="status" data-testid="verify-banner" className="mb-4 flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 p-3 font-semibold text-amber-900">
      <p className="flex-1">{verifyBannerText(email)}</p>
      <Form method="post" action="/account/verify-email">
        <Button type="submit" variant="secondary" size="sm">
          Resend
        </Button>
      </Form>
    </div>
  );
}
