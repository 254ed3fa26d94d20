import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { authHref, type AuthIntent } from "~/lib/auth-links.ts";
import { buttonClass } from "../ui/button.tsx";
import { FormAlert, FormField, SubmitButton, useZodForm, type FormResult } from "../ui/field.tsx";

export type { FormResult };

/** The account schemas, loaded when a form is first used (app/components/ui/field.tsx). */
export const authSchemas = () => import("~/rules/schemas/sign-in.ts");

export function HiddenFields({ intent, redirectTo }: { intent: AuthIntent; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
    </>
  );
}

/** True while this page's form with `intent` is being submitted (JS on). */
export function useSubmitting(intent: AuthIntent) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function LoginForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: FormResult }) {
  const [form, fields] = useZodForm("login", () => authSchemas().then((m) => m.LoginSchema), lastResult);
  const submitting = useSubmitting("login");
  return (
    <Form method="post" {...form.props} className="space-y-4" aria-label="Sign in">
      <HiddenFields intent="login" redirectTo={redirectTo} />
      <FormAlert id={form.errorId} title="Login Failed" errors={form.errors} />
      <FormField field={fields.username} label="Username or email" autoComplete="username" />
      <FormField field={fields.password} label="Password" type="password" autoComplete="current-password" />
      <div className="flex justify-end">
        <Link to={authHref({ forgot: "1", redirectTo })} preventScrollReset className="text-sm font-medium text-brand underline-offset-2 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <SubmitButton disabled={submitting}>{submitting ? "Signing In…" : "Sign In"}</SubmitButton>
    </Form>
  );
}

export function DemoForm({ redirectTo, lastResult }: { redirectTo: string; lastResult?: FormResult }) {
  const submitting = useSubmitting("demo");
  const errors = lastResult?.error?.[""] ?? undefined;
  return (
    <Form method="post" className="space-y-3">
      <HiddenFields intent="demo" redirectTo={redirectTo} />
      <FormAlert id="demo-error" title="Demo Login Failed" errors={errors ?? undefined} />
      <button type="submit" disabled={submitting} className={buttonClass({ variant: "secondary", size: "lg", full: true })}>
        {submitting ? "Starting the demo…" : "Try the demo"}
      </button>
      <p className="text-center text-xs text-slate-600">Look around as the demo user, no account needed.</p>
    </Form>
  );
}

/** The Sign In / Sign Up tabs: links (each a URL of the page), the current one marked. */
export function AuthTabs({ mode, redirectTo }: { mode: "signin" | "signup"; redirectTo: string }) {
  const tab = (to: string, current: boolean, label: string) => (
    <Link
      to={to}
      replace
      preventScrollReset
      aria-current={current ? "page" : undefined}
      className={`rounded-full px-3 py-2 ${current ? "bg-white text-brand shadow-sm" : "text-slate-700 hover:text-slate-900"}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Sign in or sign up" className="mt-5 grid grid-cols-2 rounded-full bg-slate-100 p-1 text-center text-sm font-semibold">
      {tab(authHref({ redirectTo }), mode === "signin", "Sign In")}
      {tab(authHref({ signup: true, redirectTo }), mode === "signup", "Sign Up")}
    </nav>
  );
}
