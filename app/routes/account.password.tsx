import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/account.password";
import { formProblemReply, invalidReply, problemReply } from "~/http/answers/conform-problem.server.ts";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { FormAlert, FormField, SubmitButton, useZodForm } from "~/components/ui/field.tsx";
import { ChangePasswordFormSchema } from "~/rules/schemas/account.ts";
import { changePassword } from "~/models/account/credentials.server.ts";
import { retryAfterDocumentHeaders } from "~/integrations/rate-limit.server.ts";
import { getSessionToken } from "~/http/cookies/session-cookie.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";

// /account/password: a signed-in member changes their password (current + new twice). Every other
// session of the account ends; this one stays. Works without JavaScript (POST → 303 + toast, or
// the form again with its messages).

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [
    { title: `Change password · ${siteName}` },
    { name: "description", content: `Change your ${siteName} password; your other sessions are signed out.` },
  ];
};

export const headers: Route.HeadersFunction = retryAfterDocumentHeaders;

export const loader = page({ who: "member", notDemo: true }, ({ user }) => ({ userId: user.id }));

const HIDDEN = { hideFields: ["currentPassword", "newPassword", "confirmPassword"], wrap: (result: SubmissionResult<string[]>) => result };

// Guessing the current password is a sign-in attempt: the address's sign-in budget. A refusal (that
// budget, the demo account) is the form's message.
export const action = pageAction({ who: "member", budget: "login", whileSuspended: true, notDemo: true }, async ({ request, user, form }) => {
  const submission = parseWithZod(form, { schema: ChangePasswordFormSchema });
  if (submission.status !== "success") return invalidReply(submission, HIDDEN);
  try {
    const { endedSessions } = await changePassword({
      user,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.newPassword,
      keepSessionToken: await getSessionToken(request),
    });
    const others = endedSessions === 1 ? "1 other session was" : `${endedSessions} other sessions were`;
    return redirectWithToast("/account/password", {
      type: "success",
      title: "Password changed",
      description: `Your password was changed; ${others} signed out.`,
    });
  } catch (error) {
    return problemReply(submission, error, HIDDEN);
  }
}, { refused: (form, problem) => formProblemReply(form, problem, HIDDEN) });

export default function ChangePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm("change-password", () => import("~/rules/schemas/account.ts").then((m) => m.ChangePasswordFormSchema), actionData);
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Form method="post" {...form.props} className="space-y-4">
          <h1 className="text-2xl font-bold">Change password</h1>
          <p className="text-sm text-slate-700">Your other sessions are signed out when the password changes; this one stays.</p>
          <FormAlert id={form.errorId} title="Password not changed" errors={form.errors} />
          <FormField field={fields.currentPassword} label="Current password" type="password" autoComplete="current-password" />
          <FormField field={fields.newPassword} label="New password" type="password" autoComplete="new-password" />
          <FormField field={fields.confirmPassword} label="Confirm new password" type="password" autoComplete="new-password" />
          <SubmitButton disabled={submitting}>{submitting ? "Changing…" : "Change Password"}</SubmitButton>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to={`/profile/${loaderData.userId}/about`} className="font-semibold text-brand hover:underline">
            Back to your profile
          </Link>
        </p>
      </div>
    </div>
  );
}
