import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { USERNAME_TAKEN_MESSAGE } from "~/rules/account-rules.ts";
import { INVITE_HINT } from "~/rules/signup-rules.ts";
import { DRAWN_FIELD } from "~/rules/form-guard.ts";
import { Honeypot } from "../ui/honeypot.tsx";
import { FormAlert, FormField, SubmitButton, useZodForm } from "../ui/field.tsx";
import { authSchemas, HiddenFields, useSubmitting, type FormResult } from "./auth-forms.tsx";

type Availability = "unknown" | "checking" | "available" | "taken";

/** docs/product.md §4/§5: checks the name 500 ms after typing stops, once it has 3+ characters. */
function useUsernameAvailability(username: string) {
  const [requested, setRequested] = useState<string | null>(null);
  const fetcher = useFetcher<{ available?: boolean }>();
  const { load } = fetcher;

  useEffect(() => {
    const name = username.trim();
    if (name.length < 3) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      const { UsernameSchema } = await authSchemas();
      if (cancelled || !UsernameSchema.safeParse(name).success) return;
      setRequested(name);
      void load(`/api/check-username/${encodeURIComponent(name)}`);
    }, 500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [username, load]);

  let status: Availability = "unknown";
  if (requested !== null && requested === username.trim()) {
    if (fetcher.state !== "idle") status = "checking";
    else if (typeof fetcher.data?.available === "boolean") status = fetcher.data.available ? "available" : "taken";
  }
  return status;
}

/**
 * `invite`: SIGNUP_MODE=invite, the form asks for the code a member gave. `drawn`: the server's signed
 * stamp of when the form was drawn (a person takes a few seconds to fill it: docs/product.md §11).
 */
export function RegisterForm({
  redirectTo,
  lastResult,
  invite = false,
  drawn,
}: {
  redirectTo: string;
  lastResult?: FormResult;
  invite?: boolean;
  drawn: string;
}) {
  const [form, fields] = useZodForm("register", () => authSchemas().then((m) => m.RegisterSchema), lastResult);
  // What the field holds, typed before the code arrived included (ui/dom-value.ts).
  const status = useUsernameAvailability(form.values.username ?? "");
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
    <Form method="post" {...form.props} className="space-y-4" aria-label="Sign up">
      <HiddenFields intent="register" redirectTo={redirectTo} />
      <input type="hidden" name={DRAWN_FIELD} value={drawn} />
      <Honeypot />
      <FormAlert id={form.errorId} title="Registration failed" errors={form.errors} />
      <FormField field={fields.username} label="Username" autoComplete="username" hint={hint} />
      <FormField field={fields.email} label="Email" type="email" autoComplete="email" />
      <FormField field={fields.password} label="Password" type="password" autoComplete="new-password" />
      {invite ? <FormField field={fields.inviteCode} label="Invite code" autoComplete="off" hint={<span className="text-slate-600">{INVITE_HINT}</span>} /> : null}
      <SubmitButton disabled={taken || submitting}>{taken ? "Username Already Taken" : submitting ? "Creating account…" : "Sign Up"}</SubmitButton>
    </Form>
  );
}
