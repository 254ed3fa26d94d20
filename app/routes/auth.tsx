import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { Route } from "./+types/auth";
import { AuthTabs, DemoForm, LoginForm } from "~/components/auth/auth-forms.tsx";
import { ForgotPasswordDialog } from "~/components/auth/forgot-password-dialog.tsx";
import { RegisterForm } from "~/components/auth/register-form.tsx";
import { authHref, type AuthIntent } from "~/lib/auth-links.ts";
import { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE } from "~/lib/account-rules.ts";
import { ForgotPasswordSchema, LoginSchema, RegisterSchema } from "~/lib/schemas/auth.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import {
  AuthError,
  authenticator,
  DuplicateAccountError,
  findDemoUser,
  registerUser,
  requestPasswordReset,
} from "~/http/authenticator.server.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { checkRateLimit, rateLimitHeaders, retryAfterDocumentHeaders, type LimitedAction } from "~/integrations/rate-limit.server.ts";
import { startSession } from "~/http/session-cookie.server.ts";
import { startSignIn } from "~/http/two-factor-sign-in.server.ts";
import { requireAnonymous } from "~/http/guards.server.ts";
import { redirectWithToast } from "~/http/toast-cookie.server.ts";
import { isUsernameTaken } from "~/models/user.server.ts";

type Intent = AuthIntent;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [
    { title: `${data?.mode === "signup" ? "Sign Up" : "Sign In"} · ${siteName}` },
    { name: "description", content: `Sign in to ${siteName} to vote, comment, save and share funny YouTube comments.` },
  ];
};

export const headers: Route.HeadersFunction = retryAfterDocumentHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const forgot = url.searchParams.get("forgot");
  return {
    mode: url.searchParams.get("signup") === "true" ? ("signup" as const) : ("signin" as const),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    forgot: forgot === "sent" ? ("sent" as const) : forgot ? ("form" as const) : null,
  };
}

function reply(intent: Intent, result: SubmissionResult<string[]>, init?: { status?: number; headers?: HeadersInit }) {
  return data({ intent, result }, init);
}

/** Counts the attempt; answers the form with the limit message (429 + Retry-After) when over it. */
async function limited(action: LimitedAction, intent: Intent, clientIp: string, submission: Pick<Submission<unknown>, "reply">) {
  const limit = await checkRateLimit(action, clientIp);
  if (limit.ok) return null;
  return reply(intent, submission.reply({ formErrors: [limit.message], hideFields: ["password"] }), {
    status: 429,
    headers: rateLimitHeaders(limit),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAnonymous(request);
  // The form strategy reads the body itself later, so read a clone here.
  const formData = await request.clone().formData();
  const intent = formData.get("intent");
  const redirectTo = safeRedirect(formData.get("redirectTo"));

  switch (intent) {
    case "login": {
      const submission = parseWithZod(formData, { schema: LoginSchema });
      if (submission.status !== "success") {
        return reply(intent, submission.reply({ hideFields: ["password"] }), { status: 400 });
      }
      const tooMany = await limited("login", intent, context.clientIp, submission);
      if (tooMany) return tooMany;
      try {
        const user = await authenticator.authenticate("form", request);
        return startSignIn(request, user, {
          redirectTo,
          toast: { type: "success", title: "Login successful", description: `Welcome back, ${user.username}!` },
        });
      } catch (error) {
        if (!(error instanceof AuthError)) throw error;
        return reply(intent, submission.reply({ formErrors: [error.message], hideFields: ["password"] }), {
          status: error.status,
        });
      }
    }

    case "register": {
      const submission = parseWithZod(formData, { schema: RegisterSchema });
      if (submission.status !== "success") {
        return reply(intent, submission.reply({ hideFields: ["password"] }), { status: 400 });
      }
      const tooMany = await limited("register", intent, context.clientIp, submission);
      if (tooMany) return tooMany;
      const taken = (field: "username" | "email") =>
        reply(
          intent,
          submission.reply({
            fieldErrors: { [field]: [field === "username" ? USERNAME_TAKEN_MESSAGE : EMAIL_TAKEN_MESSAGE] },
            hideFields: ["password"],
          }),
          { status: 409 },
        );
      if (isUsernameTaken({ username: submission.value.username })) return taken("username");
      try {
        const user = await registerUser(submission.value);
        return redirectWithToast(
          redirectTo,
          {
            type: "success",
            title: "Registration successful",
            description: `Welcome to the ${getEnv().SITE_NAME}, ${user.username}!`,
          },
          { headers: { "Set-Cookie": await startSession(request, user.id) } },
        );
      } catch (error) {
        if (error instanceof DuplicateAccountError) return taken(error.field);
        throw error;
      }
    }

    case "demo": {
      const limit = await checkRateLimit("demo-login", context.clientIp);
      if (!limit.ok) {
        return reply(intent, { status: "error", error: { "": [limit.message] } }, { status: 429, headers: rateLimitHeaders(limit) });
      }
      const user = findDemoUser();
      if (!user) {
        return reply(intent, { status: "error", error: { "": ["The demo account is not available on this site."] } }, { status: 404 });
      }
      return redirectWithToast(
        redirectTo,
        { type: "success", title: "Demo Login", description: `Welcome! You're now logged in as ${user.username}.` },
        { headers: { "Set-Cookie": await startSession(request, user.id) } },
      );
    }

    case "forgot-password": {
      const submission = parseWithZod(formData, { schema: ForgotPasswordSchema });
      if (submission.status !== "success") return reply(intent, submission.reply(), { status: 400 });
      const tooMany = await limited("forgot-password", intent, context.clientIp, submission);
      if (tooMany) return tooMany;
      requestPasswordReset({ email: submission.value.email, request });
      // The same answer whether or not an account has this address.
      return redirect(authHref({ forgot: "sent", redirectTo: safeRedirect(formData.get("redirectTo"), "") }), 303);
    }

    default:
      return data({ intent: null, result: null }, { status: 400 });
  }
}

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
            <RegisterForm key="register" redirectTo={redirectTo} lastResult={resultFor("register")} />
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
