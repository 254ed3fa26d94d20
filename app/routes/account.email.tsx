import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/account.email";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";
import { formFields } from "~/http/route-input.server.ts";
import { EMAIL_KIND_LABELS, EMAIL_KIND_LIST } from "~/rules/email-rules.ts";
import { EmailPreferencesFormSchema } from "~/rules/schemas/email.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";
import { getEmailPreferences, setEmailPreferences } from "~/models/mail/preferences.server.ts";
import { SubmitButton } from "~/components/ui/field.tsx";

// /account/email: which e-mails a member gets, one checkbox per kind (all off until they opt in).
// A plain form: POST → 303 with a toast, with JavaScript or without.

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [{ title: `E-mail preferences · ${siteName}` }];
};

export const loader = page({ who: "member" }, ({ user }) => ({ userId: user.id, preferences: getEmailPreferences(user.id) }));

export const action = pageAction({ who: "member", budget: "toggle", whileSuspended: true, notDemo: true }, ({ user, form }) => {
  const ticked = parseOrThrow(EmailPreferencesFormSchema, formFields(form));
  setEmailPreferences({ userId: user.id, changes: Object.fromEntries(EMAIL_KIND_LIST.map((k) => [k, ticked[k] === "on"])) });
  return redirectWithToast("/account/email", { type: "success", title: "E-mail preferences saved" });
});

export default function EmailPreferencesPage({ loaderData }: Route.ComponentProps) {
  const { preferences, userId } = loaderData;
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md py-6 sm:py-10">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <Form method="post" className="space-y-4">
          <h1 className="text-2xl font-bold">E-mail preferences</h1>
          <p className="text-sm text-slate-700">
            Choose what we e-mail you. Notices come a few minutes after they happen, several in one e-mail; every e-mail has a one-click
            unsubscribe link.
          </p>
          <fieldset className="space-y-2">
            <legend className="font-semibold">E-mail me about</legend>
            {EMAIL_KIND_LIST.map((kind) => (
              <label key={kind} className="flex items-start gap-2 text-sm">
                <input type="checkbox" name={kind} defaultChecked={preferences[kind]} className="mt-1" />
                <span>{EMAIL_KIND_LABELS[kind]}</span>
              </label>
            ))}
          </fieldset>
          <SubmitButton disabled={submitting}>{submitting ? "Saving…" : "Save preferences"}</SubmitButton>
        </Form>
        <p className="mt-4 text-center text-sm">
          <Link to={`/profile/${userId}/about`} className="font-semibold text-brand hover:underline">
            Back to your profile
          </Link>
        </p>
      </div>
    </div>
  );
}
