import { Form } from "react-router";
import { authHref } from "~/lib/auth-links.ts";
import { buttonClass, LinkButton } from "../ui/button.tsx";
import { Dialog } from "../ui/dialog.tsx";
import { FormAlert, FormField, useZodForm } from "../ui/field.tsx";
import { authSchemas, HiddenFields, useSubmitting, type FormResult } from "./auth-forms.tsx";

/**
 * 'Forgot your password' as URL state (?forgot=1, then ?forgot=sent): the UI kit's dialog, a page
 * section without JS and a modal with it.
 */
export function ForgotPasswordDialog({ sent, redirectTo, lastResult }: { sent: boolean; redirectTo: string; lastResult?: FormResult }) {
  const closeHref = authHref({ redirectTo });
  const [form, fields] = useZodForm("forgot-password", () => authSchemas().then((m) => m.ForgotPasswordSchema), lastResult);
  const submitting = useSubmitting("forgot-password");
  if (sent) {
    return (
      <Dialog title="Check your email" closeHref={closeHref}>
        <div className="space-y-4 text-center">
          <p className="text-slate-700">If an account exists for that address, we've sent a link to reset its password. The link works for one hour.</p>
          <LinkButton to={closeHref} replace preventScrollReset data-autofocus>
            Back to Sign In
          </LinkButton>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title="Forgot your password?" closeHref={closeHref}>
      <Form method="post" {...form.props} className="space-y-4">
        <p className="text-sm text-slate-700">Enter your account's email address and we'll send you a reset link.</p>
        <HiddenFields intent="forgot-password" redirectTo={redirectTo} />
        <FormAlert id={form.errorId} title="Failed to send email" errors={form.errors} />
        <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <LinkButton to={closeHref} replace preventScrollReset variant="secondary">
            Cancel
          </LinkButton>
          <button type="submit" disabled={submitting} className={buttonClass()}>
            {submitting ? "Sending…" : "Send reset link"}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
