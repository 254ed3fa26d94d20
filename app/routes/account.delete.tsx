import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/account.delete";
import { formProblemReply, invalidReply, problemReply } from "~/http/answers/conform-problem.server.ts";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { buttonClass, LinkButton } from "~/components/ui/button.tsx";
import { FormAlert, FormField, useZodForm } from "~/components/ui/field.tsx";
import { DeleteAccountFormSchema } from "~/rules/schemas/account.ts";
import { deleteAccount } from "~/models/account/credentials.server.ts";
import { retryAfterDocumentHeaders } from "~/integrations/rate-limit.server.ts";
import { endSession } from "~/http/cookies/session-cookie.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";

// /account/delete: 'Delete my account', the confirmation step the profile's about tab links to. The
// member confirms with their password; the account goes with the admin deletion's cascade (logged as
// a self-deletion), the session cookie is cleared and the browser lands on / with a toast. Works
// without JavaScript (POST → 303, or this page again with the message).

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [
    { title: `Delete my account · ${siteName}` },
    {
      name: "description",
      content: `Delete your ${siteName} account and everything you posted, after confirming your password.`,
    },
  ];
};

export const headers: Route.HeadersFunction = retryAfterDocumentHeaders;

export const loader = page({ who: "member", notDemo: true }, ({ user }) => ({ userId: user.id }));

const HIDDEN = { hideFields: ["password"], wrap: (result: SubmissionResult<string[]>) => result };

// Guessing the password is a sign-in attempt: the address's sign-in budget. A refusal (that budget,
// the demo account) is the form's message.
export const action = pageAction({ who: "member", budget: "login", whileSuspended: true, notDemo: true }, async ({ request, user, form }) => {
  const submission = parseWithZod(form, {
    schema: DeleteAccountFormSchema,
  });
  if (submission.status !== "success") return invalidReply(submission, HIDDEN);
  try {
    await deleteAccount({ user, password: submission.value.password });
  } catch (error) {
    return problemReply(submission, error, HIDDEN);
  }
  return redirectWithToast(
    "/",
    {
      type: "success",
      title: "Account deleted",
      description: "Your account and everything you posted are gone.",
    },
    { headers: { "Set-Cookie": await endSession(request) } },
  );
}, { refused: (form, problem) => formProblemReply(form, problem, HIDDEN) });

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm("delete-account", () => import("~/rules/schemas/account.ts").then((m) => m.DeleteAccountFormSchema), actionData);
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-8">
        <Form method="post" {...form.props} className="space-y-4">
          <h1 className="text-2xl font-bold">Delete my account</h1>
          <p className="text-sm text-slate-700">
            This removes your account for good: your posts with their comments, your votes, saves and follows. Comments of yours that others
            answered stay as “[deleted]”. This cannot be undone.
          </p>
          <FormAlert id={form.errorId} title="Account not deleted" errors={form.errors} />
          <FormField field={fields.password} label="Your password" type="password" autoComplete="current-password" />
          <div className="flex flex-wrap justify-end gap-2">
            <LinkButton to={`/profile/${loaderData.userId}/about`} variant="secondary">
              Cancel
            </LinkButton>
            <button type="submit" disabled={submitting} className={buttonClass({ variant: "danger" })}>
              {submitting ? "Deleting…" : "Delete my account"}
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}
