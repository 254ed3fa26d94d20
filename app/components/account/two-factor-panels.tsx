import { Form, useNavigation } from "react-router";
import { Button } from "../ui/button.tsx";
import { FormAlert, FormField, SubmitButton, useZodForm, type FormResult } from "../ui/field.tsx";

// The pieces of /account/two-factor: start, the secret (text and QR code) with the code that turns it
// on, the recovery codes shown once, and turning it off. Plain forms: they work without JavaScript.

const schemas = () => import("~/rules/schemas/two-factor.ts");

export type PendingSetup = { secret: string; otpauthUrl: string; qr: { viewBox: string; path: string } };

function IntentField({ intent }: { intent: string }) {
  return <input type="hidden" name="intent" value={intent} />;
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** Off, nothing waiting: one button makes a secret. */
export function StartSetup({ again = false }: { again?: boolean }) {
  const busy = useBusy("setup");
  return (
    <Form method="post">
      <IntentField intent="setup" />
      <Button type="submit" variant={again ? "secondary" : "primary"} size={again ? "sm" : "md"} disabled={busy}>
        {again ? "Start again with a new secret" : "Set up two-factor sign-in"}
      </Button>
    </Form>
  );
}

/** The QR code of the otpauth:// URL, drawn on the server (only its path; React escapes it). */
function QrCode({ qr }: { qr: PendingSetup["qr"] }) {
  return (
    <svg
      data-testid="two-factor-qr"
      role="img"
      aria-label="QR code of your two-factor secret"
      viewBox={qr.viewBox}
      width="200"
      height="200"
      shapeRendering="crispEdges"
      className="rounded border border-slate-200 bg-white"
    >
      <rect width="100%" height="100%" fill="white" />
      <path d={qr.path} fill="black" />
    </svg>
  );
}

/** The waiting secret, and the form that turns two-factor on with one code from the app. */
export function PendingSetupPanel({ setup, lastResult }: { setup: PendingSetup; lastResult: FormResult }) {
  const [form, fields] = useZodForm("two-factor-enable", () => schemas().then((m) => m.TwoFactorEnableSchema), lastResult);
  const busy = useBusy("enable");
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with your authenticator app, or type the secret into it.</li>
        <li>Enter the 6-digit code the app shows, and your password.</li>
      </ol>
      <QrCode qr={setup.qr} />
      <p className="text-sm">
        Secret:{" "}
        <code data-testid="two-factor-secret" className="select-all break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono">
          {setup.secret}
        </code>
      </p>
      <Form method="post" {...form.props} className="space-y-3" aria-label="Turn on two-factor sign-in">
        <IntentField intent="enable" />
        <FormAlert id={form.errorId} title="Two-factor sign-in not turned on" errors={form.errors} />
        <FormField field={fields.code} label="Code from the app" autoComplete="one-time-code" />
        <FormField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <p className="text-xs text-slate-600">Turning it on signs you out on every other device.</p>
        <SubmitButton disabled={busy}>{busy ? "Checking…" : "Turn on two-factor sign-in"}</SubmitButton>
      </Form>
      <StartSetup again />
    </div>
  );
}

/** The ten recovery codes, this once. */
export function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-title" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="recovery-title" className="font-bold">
        Your recovery codes
      </h2>
      <p className="text-sm text-slate-800">
        Keep them somewhere safe: each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** On: how many recovery codes are left, and turning it off (password and a code). */
export function EnabledPanel({ recoveryCodesLeft, lastResult }: { recoveryCodesLeft: number; lastResult: FormResult }) {
  const [form, fields] = useZodForm("two-factor-disable", () => schemas().then((m) => m.TwoFactorDisableSchema), lastResult);
  const busy = useBusy("disable");
  return (
    <div className="space-y-4">
      <p data-testid="two-factor-on" className="text-sm text-slate-800">
        Two-factor sign-in is on: after your password, sign-in asks for a code from your app.{" "}
        {recoveryCodesLeft} recovery code{recoveryCodesLeft === 1 ? "" : "s"} left.
      </p>
      <Form method="post" {...form.props} className="space-y-3" aria-label="Turn off two-factor sign-in">
        <IntentField intent="disable" />
        <h2 className="font-bold">Turn it off</h2>
        <FormAlert id={form.errorId} title="Two-factor sign-in not turned off" errors={form.errors} />
        <FormField field={fields.password} label="Password" type="password" autoComplete="current-password" />
        <FormField field={fields.code} label="Code from the app, or a recovery code" autoComplete="one-time-code" />
        <SubmitButton disabled={busy}>{busy ? "Turning off…" : "Turn off two-factor sign-in"}</SubmitButton>
      </Form>
    </div>
  );
}
