import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/reset-password";
import { FormAlert, FormField, SubmitButton, useZodForm } from "~/components/ui/field.tsx";
import { INVALID_RESET_LINK_MESSAGE } from "~/rules/account-rules.ts";
import { invalid } from "~/lib/problem.ts";
import { formProblemReply, invalidReply, problemReply } from "~/http/answers/conform-problem.server.ts";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { ResetPasswordFormSchema } from "~/rules/schemas/sign-in.ts";
import { isPasswordResetTokenValid, resetPassword } from "~/models/account/password-reset.server.ts";
import { retryAfterDocumentHeaders } from "~/integrations/rate-limit.server.ts";
import { getSessionToken } from "~/http/cookies/session-cookie.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [
    { title: `Reset password · ${siteName}` },
    { name: "description", content: `Choose a new password for your ${siteName} account.` },
  ];
};

type Screen = "form" | "expired" | "done";

/** docs/product.md §2: a link without its token or e-mail goes straight on to /auth, which says why. */
const MISSING_PARTS_TOAST = {
  type: "error",
  title: "Invalid Reset Link",
  description: "This password reset link is missing its token or email address. Request a new link from the sign-in page.",
} as const;

export const headers: Route.HeadersFunction = retryAfterDocumentHeaders;

export const loader = page({ who: "anyone" }, async ({ request }) => {
  const url = new URL(request.url);
  if (url.searchParams.get("status") === "done") return { screen: "done" as Screen, token: "", email: "" };
  const token = url.searchParams.get("token") ?? "";
  const email = url.searchParams.get("email") ?? "";
  // At once, with or without JavaScript: no timed refresh (WCAG 2.2.1), nothing to wait for.
  if (!token || !email) throw await redirectWithToast("/auth", MISSING_PARTS_TOAST);
  // Checked when the page opens, so nobody types a new password into a dead link.
  const screen: Screen = isPasswordResetTokenValid({ token, email }) ? "form" : "expired";
  return { screen, token, email };
});

const HIDDEN = { hideFields: ["newPassword", "confirmPassword"], wrap: (result: SubmissionResult<string[]>) => result };

// The address's reset-password budget (a refusal is the form's message). Anyone with the mailed link
// may reset, signed in or not, suspended or not (whileSuspended: nothing acts as the session's member).
export const action = pageAction({ who: "anyone", whileSuspended: true, budget: "reset-password" }, async ({ request, form: formData }) => {
  const submission = parseWithZod(formData, { schema: ResetPasswordFormSchema });
  if (submission.status !== "success") {
    // A tampered link (hidden token or email) is reported like a dead one.
    const badLink = Boolean(submission.error?.token || submission.error?.email);
    return badLink ? problemReply(submission, invalid(INVALID_RESET_LINK_MESSAGE), HIDDEN) : invalidReply(submission, HIDDEN);
  }
  try {
    const user = await resetPassword({ ...submission.value, keepSessionToken: await getSessionToken(request) });
    if (!user) throw invalid(INVALID_RESET_LINK_MESSAGE);
  } catch (error) {
    return problemReply(submission, error, HIDDEN);
  }
  return redirect("/reset-password?status=done", { status: 303 });
}, { refused: (form, problem) => formProblemReply(form, problem, HIDDEN) });

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { screen, token, email } = loaderData;
  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {screen === "expired" ? (
          <Notice title="Reset Failed" linkText="Request a new link" to="/auth?forgot=1">
            {INVALID_RESET_LINK_MESSAGE}
          </Notice>
        ) : screen === "done" ? (
          <Notice title="Password reset successful" linkText="Go to Login">
            Your password has been changed and every other session of your account was signed out. You can now sign
            in with your new password.
          </Notice>
        ) : (
          <ResetForm token={token} email={email} lastResult={actionData} />
        )}
      </div>
    </div>
  );
}

function Notice({ title, linkText, to = "/auth", children }: { title: string; linkText: string; to?: string; children: React.ReactNode }) {
  return (
    <div className="space-y-4 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700">{children}</p>
      <Link to={to} className="inline-block rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark">
        {linkText}
      </Link>
    </div>
  );
}

function ResetForm({ token, email, lastResult }: { token: string; email: string; lastResult?: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useZodForm("reset-password", () => import("~/rules/schemas/sign-in.ts").then((m) => m.ResetPasswordFormSchema), lastResult);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" {...form.props} className="space-y-4">
      <h1 className="text-2xl font-bold">Reset your password</h1>
      <p className="text-sm text-slate-700">
        Choose a new password for <strong className="break-all">{email}</strong>.
      </p>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="email" value={email} />
      <FormAlert id={form.errorId} title="Reset Failed" errors={form.errors} />
      <FormField field={fields.newPassword} label="New password" type="password" autoComplete="new-password" />
      <FormField field={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
      <SubmitButton disabled={submitting}>{submitting ? "Resetting…" : "Reset Password"}</SubmitButton>
    </Form>
  );
}
