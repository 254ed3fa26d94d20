import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/auth.two-factor";
import { FormAlert, FormField, SubmitButton, useZodForm } from "~/components/ui/field.tsx";
import { safeRedirect } from "~/lib/redirect.ts";
import { TwoFactorCodeSchema } from "~/rules/schemas/two-factor.ts";
import { formProblemReply, goToReply, invalidReply, problemReply } from "~/http/answers/conform-problem.server.ts";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { challengeGone, finishPageSignIn } from "~/http/two-factor-sign-in.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";
import { PRIVATE_PAGE, privatePageHeaders } from "~/http/answers/private-page.server.ts";

// /auth/two-factor: the sign-in's second step. The password was right; a code from the authenticator
// app (or a recovery code) makes the session. Without a live challenge the visitor goes back to /auth.
// Works without JavaScript (POST → 303 + toast, or the form again with its message).

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [{ title: `Two-factor sign-in · ${siteName}` }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = page({ who: "anyone" }, async ({ request, user }) => {
  if (user) throw redirect("/");
  const gone = await challengeGone(request);
  if (gone) throw await goToReply(gone);
  return data(null, { headers: PRIVATE_PAGE });
});

// Every failure is a Problem, answered by the Conform renderer (the code never echoed back); a
// sign-in that cannot go on (expired, its attempts spent) is the way back to /auth.
const HIDDEN = { hideFields: ["code"], wrap: (result: SubmissionResult<string[]>) => result };

// A guessed code is a sign-in attempt: the sign-in budget of this address (a refusal is the form's
// message). A signed-in member is sent home, suspended or not (whileSuspended: nothing acts as them).
export const action = pageAction({ who: "anyone", whileSuspended: true, budget: "login" }, async ({ request, user, form }) => {
  if (user) throw redirect("/");
  const submission = parseWithZod(form, { schema: TwoFactorCodeSchema });
  if (submission.status !== "success") return invalidReply(submission, HIDDEN);
  try {
    const { user, redirectTo, cookies } = await finishPageSignIn(request, submission.value.code);
    const headers = new Headers();
    for (const c of cookies) headers.append("Set-Cookie", c);
    return redirectWithToast(
      safeRedirect(redirectTo),
      { type: "success", title: "Login successful", description: `Welcome back, ${user.username}!` },
      { headers },
    );
  } catch (error) {
    return problemReply(submission, error, HIDDEN);
  }
}, { refused: (form, problem) => formProblemReply(form, problem, HIDDEN) });

export default function TwoFactorStep({ actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm("two-factor-step", () => import("~/rules/schemas/two-factor.ts").then((m) => m.TwoFactorCodeSchema), actionData);
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Form method="post" {...form.props} className="space-y-4" aria-label="Two-factor code">
          <h1 className="text-2xl font-bold">Two-factor sign-in</h1>
          <p className="text-sm text-slate-700">
            Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead.
          </p>
          <FormAlert id={form.errorId} title="Not signed in" errors={form.errors} />
          <FormField field={fields.code} label="Code" autoComplete="one-time-code" />
          <SubmitButton disabled={submitting}>{submitting ? "Checking…" : "Verify"}</SubmitButton>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to="/auth" className="font-semibold text-brand hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
