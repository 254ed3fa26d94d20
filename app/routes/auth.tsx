import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/auth";
import { FormAlert, FormField, SubmitButton, useZodForm } from "~/components/ui/field.tsx";
import {
  EMAIL_TAKEN_MESSAGE,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  USERNAME_TAKEN_MESSAGE,
  UsernameSchema,
} from "~/lib/schemas/auth.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import {
  AuthError,
  authenticator,
  DuplicateAccountError,
  findDemoUser,
  registerUser,
  requestPasswordReset,
} from "~/services/auth.server.ts";
import { getEnv } from "~/services/env.server.ts";
import { checkRateLimit, rateLimitHeaders, retryAfterDocumentHeaders, type LimitedAction } from "~/services/rate-limit.server.ts";
import { startSession } from "~/services/session.server.ts";
import { requireAnonymous } from "~/services/guards.server.ts";
import { redirectWithToast } from "~/services/toast.server.ts";
import { isUsernameTaken } from "~/models/user.server.ts";
import { buttonClass } from "~/components/ui/button.tsx";

type Intent = "login" | "register" | "demo" | "forgot-password";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [
    { title: `${data?.mode === "signup" ? "Sign Up" : "Sign In"} · ${siteName}` },
    { name: "description", content: `Sign in to ${siteName} to vote, comment, save and share funny YouTube comments.` },
  ];
};

/** The /auth URL for a tab (or the forgot-password dialog), keeping where to go afterwards. */
function authHref({ signup, forgot, redirectTo }: { signup?: boolean; forgot?: "1" | "sent"; redirectTo: string }) {
  const params = new URLSearchParams();
  if (signup) params.set("signup", "true");
  if (forgot) params.set("forgot", forgot);
  if (redirectTo) params.set("redirectTo", redirectTo);
  const query = params.toString();
  return query ? `/auth?${query}` : "/auth";
}

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
        return redirectWithToast(
          redirectTo,
          { type: "success", title: "Login successful", description: `Welcome back, ${user.username}!` },
          { headers: { "Set-Cookie": await startSession(request, user.id) } },
        );
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
        <nav aria-label="Sign in or sign up" className="mt-5 grid grid-cols-2 rounded-full bg-slate-100 p-1 text-center text-sm font-semibold">
          <TabLink to={authHref({ redirectTo })} current={mode === "signin"}>
            Sign In
          </TabLink>
          <TabLink to={authHref({ signup: true, redirectTo })} current={mode === "signup"}>
            Sign Up
          </TabLink>
        </nav>

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

function TabLink({ to, current, children }: { to: string; current: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={current ? "page" : undefined}
      className={`rounded-full px-3 py-2 ${current ? "bg-white text-brand shadow-sm" : "text-slate-700 hover:text-slate-900"}`}
    >
      {children}
    </Link>
  );
}

function HiddenFields({ intent, redirectTo }: { intent: Intent; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
    </>
  );
}

/** True while this page's form with `intent` is being submitted (JS on). */
function useSubmitting(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function LoginForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useZodForm("login", LoginSchema, lastResult);
  const submitting = useSubmitting("login");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-label="Sign in">
      <HiddenFields intent="login" redirectTo={redirectTo} />
      <FormAlert id={form.errorId} title="Login Failed" errors={form.errors} />
      <FormField field={fields.username} label="Username or email" autoComplete="username" />
      <FormField field={fields.password} label="Password" type="password" autoComplete="current-password" />
      <div className="flex justify-end">
        <Link
          to={authHref({ forgot: "1", redirectTo })}
          preventScrollReset
          className="text-sm font-medium text-brand underline-offset-2 hover:underline"
        >
          Forgot your password?
        </Link>
      </div>
      <SubmitButton disabled={submitting}>{submitting ? "Signing In…" : "Sign In"}</SubmitButton>
    </Form>
  );
}

type Availability = "unknown" | "checking" | "available" | "taken";

/** SPEC §4/§5: checks the name 500 ms after typing stops, once it has 3+ characters. */
function useUsernameAvailability(initial: string) {
  const [username, setUsername] = useState(initial);
  const [requested, setRequested] = useState<string | null>(null);
  const fetcher = useFetcher<{ available?: boolean }>();
  const { load } = fetcher;

  useEffect(() => {
    const name = username.trim();
    if (name.length < 3 || !UsernameSchema.safeParse(name).success) return;
    const timer = setTimeout(() => {
      setRequested(name);
      void load(`/api/check-username/${encodeURIComponent(name)}`);
    }, 500);
    return () => clearTimeout(timer);
  }, [username, load]);

  let status: Availability = "unknown";
  if (requested !== null && requested === username.trim()) {
    if (fetcher.state !== "idle") status = "checking";
    else if (typeof fetcher.data?.available === "boolean") status = fetcher.data.available ? "available" : "taken";
  }
  return { status, setUsername };
}

function RegisterForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useZodForm("register", RegisterSchema, lastResult);
  const { status, setUsername } = useUsernameAvailability(fields.username.initialValue ?? "");
  const submitting = useSubmitting("register");
  const taken = status === "taken";
  const hint =
    status === "checking" ? (
      <span className="text-slate-600">Checking availability…</span>
    ) : status === "available" ? (
      <span className="text-emerald-700">Username is available</span>
    ) : taken ? (
      <span className="text-red-700">{USERNAME_TAKEN_MESSAGE}</span>
    ) : null;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" aria-label="Sign up">
      <HiddenFields intent="register" redirectTo={redirectTo} />
      <FormAlert id={form.errorId} title="Registration failed" errors={form.errors} />
      <FormField field={fields.username} label="Username" autoComplete="username" hint={hint} onChange={setUsername} />
      <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
      <FormField field={fields.password} label="Password" type="password" autoComplete="new-password" />
      <SubmitButton disabled={taken || submitting}>
        {taken ? "Username Already Taken" : submitting ? "Creating account…" : "Sign Up"}
      </SubmitButton>
    </Form>
  );
}

function DemoForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: SubmissionResult<string[]> | null }) {
  const submitting = useSubmitting("demo");
  const errors = lastResult?.error?.[""] ?? undefined;
  return (
    <Form method="post" className="space-y-3">
      <HiddenFields intent="demo" redirectTo={redirectTo} />
      <FormAlert id="demo-error" title="Demo Login Failed" errors={errors ?? undefined} />
      <button
        type="submit"
        disabled={submitting}
        className={buttonClass({ variant: "secondary", size: "lg", full: true })}
      >
        {submitting ? "Starting the demo…" : "Try the demo"}
      </button>
      <p className="text-center text-xs text-slate-600">Look around as the demo user, no account needed.</p>
    </Form>
  );
}

/**
 * 'Forgot your password' as URL state (?forgot=1): without JS a server-rendered dialog section,
 * with JS the same markup upgraded to a modal dialog (focus trap, Escape closes).
 */
function ForgotPasswordDialog({
  sent,
  redirectTo,
  lastResult,
}: {
  sent: boolean;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const closeHref = authHref({ redirectTo });
  const [form, fields] = useZodForm("forgot-password", ForgotPasswordSchema, lastResult);
  const submitting = useSubmitting("forgot-password");

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    if (dialog.open && !dialog.matches(":modal")) dialog.close();
    if (!dialog.open) dialog.showModal();
  }, []);

  return (
    <>
      <div className="fixed inset-0 z-40 bg-slate-900/40" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        aria-labelledby="forgot-title"
        onCancel={(e) => {
          e.preventDefault();
          navigate(closeHref, { replace: true, preventScrollReset: true });
        }}
        className="fixed inset-0 z-50 m-auto h-fit w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        {sent ? (
          <div className="space-y-4 text-center">
            <h2 id="forgot-title" className="text-xl font-bold">
              Check your email
            </h2>
            <p className="text-slate-700">
              If an account exists for that address, we've sent a link to reset its password. The link works for one
              hour.
            </p>
            <Link
              to={closeHref}
              replace
              preventScrollReset
              className={buttonClass()}
            >
              Back to Sign In
            </Link>
          </div>
        ) : (
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <h2 id="forgot-title" className="text-xl font-bold">
              Forgot your password?
            </h2>
            <p className="text-sm text-slate-700">Enter your account's email address and we'll send you a reset link.</p>
            <HiddenFields intent="forgot-password" redirectTo={redirectTo} />
            <FormAlert id={form.errorId} title="Failed to send email" errors={form.errors} />
            <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Link
                to={closeHref}
                replace
                preventScrollReset
                className="rounded-full border border-slate-300 px-4 py-2 text-center font-semibold hover:bg-slate-50"
              >
                Cancel
              </Link>
              <button
                type="submit"
                disabled={submitting}
                className={buttonClass()}
              >
                {submitting ? "Sending…" : "Send reset link"}
              </button>
            </div>
          </Form>
        )}
      </dialog>
    </>
  );
}
