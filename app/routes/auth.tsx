import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/auth";
import { AuthTabs, DemoForm, LoginForm } from "~/components/auth/auth-forms.tsx";
import { ForgotPasswordDialog } from "~/components/auth/forgot-password-dialog.tsx";
import { RegisterForm } from "~/components/auth/register-form.tsx";
import { authHref, type AuthIntent } from "~/lib/auth-links.ts";
import { invalid, notFound } from "~/lib/problem.ts";
import { ForgotPasswordSchema, LoginSchema, RegisterSchema } from "~/rules/schemas/sign-in.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { findDemoUser, requestPasswordReset, verifyLogin } from "~/http/authenticator.server.ts";
import { formProblemReply, invalidReply, problemReply } from "~/http/answers/conform-problem.server.ts";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { registerAccount, signupNeedsInvite, signupsOpen, takenOnForm } from "~/models/account/registration.server.ts";
import { VERIFY_MAIL_SENT } from "~/rules/signup-rules.ts";
import { SIGNUP_CLOSED_MESSAGE } from "~/rules/account-rules.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { retryAfterDocumentHeaders } from "~/integrations/rate-limit.server.ts";
import { stampFormDrawn } from "~/integrations/form-stamp.server.ts";
import { startSession } from "~/http/cookies/session-cookie.server.ts";
import { startSignIn } from "~/http/two-factor-sign-in.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";

type Intent = AuthIntent;

/** The demo button sends nothing but its intent. */
const DemoFormSchema = z.object({});

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [
    { title: `${data?.mode === "signup" ? "Sign Up" : "Sign In"} · ${siteName}` },
    { name: "description", content: `Sign in to ${siteName} to vote, comment, save and share funny YouTube comments.` },
  ];
};

export const headers: Route.HeadersFunction = retryAfterDocumentHeaders;

export const loader = page({ who: "anyone" }, ({ request, user }) => {
  if (user) throw redirect("/");
  const url = new URL(request.url);
  const forgot = url.searchParams.get("forgot");
  return {
    mode: url.searchParams.get("signup") === "true" ? ("signup" as const) : ("signin" as const),
    signupsOpen: signupsOpen(),
    invite: signupNeedsInvite(),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    forgot: forgot === "sent" ? ("sent" as const) : forgot ? ("form" as const) : null,
    // When the sign-up form was drawn, signed (a sign-up sent sooner than a person fills it is refused).
    drawn: stampFormDrawn(),
  };
});

// Every failure is a Problem, answered by the Conform renderer with the form's intent (so the
// right tab re-renders), the password never echoed back.
const HIDDEN = { hideFields: ["password"] };
const withIntent = (intent: Intent | null) => (result: SubmissionResult<string[]> | null) => ({ intent, result });
const INTENTS: readonly unknown[] = ["login", "register", "demo", "forgot-password"] satisfies Intent[];
const intentOf = (form: FormData): Intent | null => {
  const intent = form.get("intent");
  return INTENTS.includes(intent) ? (intent as Intent) : null;
};

// Each form spends its address's budget of the sign-in family (spent first: a refusal is the form's
// message, with Retry-After). A signed-in member is sent home, suspended or not (whileSuspended:
// nothing here acts as them).
export const action = pageAction(
  {
    who: "anyone",
    whileSuspended: true,
    budget: { byIntent: { login: "login", register: "register", demo: "demo-login", "forgot-password": "forgot-password" } },
    // The sign-up form: its honeypot and its signed time stamp (a refusal re-renders it with a stamp that passes).
    botTrap: { byIntent: { register: "timed" } },
  },
  async ({ request, context, user, form: formData }) => {
    if (user) throw redirect("/");
    const intent = formData.get("intent");
    const redirectTo = safeRedirect(formData.get("redirectTo"));

    switch (intent) {
      case "login": {
        const submission = parseWithZod(formData, { schema: LoginSchema });
        if (submission.status !== "success") return invalidReply(submission, { ...HIDDEN, wrap: withIntent(intent) });
        try {
          const user = await verifyLogin(submission.value, context?.clientIp);
          return startSignIn(request, user, {
            redirectTo,
            toast: { type: "success", title: "Login successful", description: `Welcome back, ${user.username}!` },
          });
        } catch (error) {
          return problemReply(submission, error, { ...HIDDEN, wrap: withIntent(intent) });
        }
      }

      case "register": {
        const submission = parseWithZod(formData, { schema: RegisterSchema });
        if (submission.status !== "success") return invalidReply(submission, { ...HIDDEN, wrap: withIntent(intent) });
        try {
          const user = await registerAccount(submission.value);
          return redirectWithToast(
            redirectTo,
            {
              type: "success",
              title: "Registration successful",
              description: `Welcome to the ${getEnv().SITE_NAME}, ${user.username}!${user.emailVerified ? "" : ` ${VERIFY_MAIL_SENT}`}`,
            },
            { headers: { "Set-Cookie": await startSession(request, user.id) } },
          );
        } catch (error) {
          return problemReply(submission, takenOnForm(error), { ...HIDDEN, wrap: withIntent(intent) });
        }
      }

      case "demo": {
        const submission = parseWithZod(formData, { schema: DemoFormSchema });
        try {
          const user = findDemoUser();
          if (!user) throw notFound("The demo account is not available on this site.");
          return redirectWithToast(
            redirectTo,
            { type: "success", title: "Demo Login", description: `Welcome! You're now logged in as ${user.username}.` },
            { headers: { "Set-Cookie": await startSession(request, user.id) } },
          );
        } catch (error) {
          return problemReply(submission, error, { wrap: withIntent(intent) });
        }
      }

      case "forgot-password": {
        const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
        if (submission.status !== "success") return invalidReply(submission, { wrap: withIntent(intent) });
        await requestPasswordReset({ email: submission.value.email, request });
        // The same answer whether or not an account has this address.
        return redirect(authHref({ forgot: "sent", redirectTo: safeRedirect(formData.get("redirectTo"), "") }), 303);
      }

      default:
        throw invalid("Unknown action");
    }
  },
  {
    refused: (form, problem) =>
      formProblemReply(form, problem, {
        ...HIDDEN,
        wrap: (result) => ({ ...withIntent(intentOf(form))(result), drawn: typeof problem.details?.drawn === "string" ? problem.details.drawn : undefined }),
      }),
  },
);

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, forgot } = loaderData;
  const lastIntent = actionData?.intent ?? null;
  // After a failed sign-up post the Sign Up tab stays open, whatever the URL says.
  const mode = lastIntent === "register" ? "signup" : lastIntent === "login" ? "signin" : loaderData.mode;
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const showForgot = forgot !== null || lastIntent === "forgot-password";

  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold">{mode === "signup" ? "Create your account" : "Welcome back"}</h1>
        <AuthTabs mode={mode} redirectTo={redirectTo} />

        <div className="mt-6">
          {mode === "signup" ? (
            loaderData.signupsOpen ? (
              <RegisterForm
                key="register"
                redirectTo={redirectTo}
                lastResult={resultFor("register")}
                invite={loaderData.invite}
                drawn={(actionData && "drawn" in actionData ? actionData.drawn : undefined) ?? loaderData.drawn}
              />
            ) : (
              <p role="status" data-testid="signups-closed" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
                {SIGNUP_CLOSED_MESSAGE}
              </p>
            )
          ) : (
            <LoginForm key="login" redirectTo={redirectTo} lastResult={resultFor("login")} />
          )}
        </div>

        <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
        </div>
        <DemoForm redirectTo={redirectTo} lastResult={resultFor("demo")} />
      </div>

      {showForgot ? (
        <ForgotPasswordDialog
          sent={forgot === "sent" && lastIntent !== "forgot-password"}
          redirectTo={redirectTo}
          lastResult={resultFor("forgot-password")}
        />
      ) : null}
    </div>
  );
}
