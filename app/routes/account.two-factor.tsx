import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/account.two-factor";
import { EnabledPanel, PendingSetupPanel, RecoveryCodesPanel, StartSetup } from "~/components/account/two-factor-panels.tsx";
import { invalid, isProblem } from "~/lib/problem.ts";
import { TwoFactorDisableSchema, TwoFactorEnableSchema } from "~/rules/schemas/two-factor.ts";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, twoFactorStatus } from "~/models/account/two-factor.server.ts";
import { invalidReply, problemReply } from "~/http/answers/conform-problem.server.ts";
import { failWith } from "~/http/answers/form-action.server.ts";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { getSessionToken } from "~/http/cookies/session-cookie.server.ts";
import { redirectWithToast, toastHeader } from "~/http/cookies/toast-cookie.server.ts";
import { qrCodeSvg } from "~/integrations/totp.server.ts";
import { PRIVATE_PAGE, privatePageHeaders } from "~/http/answers/private-page.server.ts";

// /account/two-factor: a signed-in member turns two-factor sign-in on (a secret as text and QR code,
// then one valid code; the ten recovery codes are shown once, in the answer to that POST) or off
// (password and a code). Works without JavaScript: every step is a plain form.

const PAGE = "/account/two-factor";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [{ title: `Two-factor sign-in · ${siteName}` }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = privatePageHeaders;

export const loader = page({ who: "member" }, async ({ user }) => {
  const status = twoFactorStatus(user);
  return data(
    {
      userId: user.id,
      enabled: status.enabled,
      recoveryCodesLeft: status.recoveryCodesLeft,
      pending: status.pending ? { ...status.pending, qr: qrCodeSvg(status.pending.otpauthUrl) } : null,
    },
    { headers: PRIVATE_PAGE },
  );
});

type Intent = "enable" | "disable";
// Every failure is a Problem, answered by the Conform renderer with the form's intent (so its panel
// shows the message), the password and the code never echoed back.
const replyOptions = (intent: Intent, hideFields = ["password", "code"]) => ({
  hideFields,
  wrap: (result: SubmissionResult<string[]>) => ({ intent, result, recoveryCodes: null as string[] | null }),
});

// Turning it on or off asks for the password: guessing it is a sign-in attempt, the same budget.
const INTENT_SCHEMAS = { enable: TwoFactorEnableSchema, disable: TwoFactorDisableSchema } as const;

export const action = pageAction(
  { who: "member", budget: { byIntent: { setup: "toggle", enable: "login", disable: "login" } }, whileSuspended: true, notDemo: true },
  async ({ request, user, form }) => {
  const intent = form.get("intent");

  if (intent === "setup") {
    try {
      startTwoFactorSetup({ user });
      return redirectWithToast(PAGE, { type: "success", title: "Secret ready", description: "Scan the QR code, then enter a code from your app." });
    } catch (error) {
      if (!isProblem(error)) throw error;
      // A plain form: the form renderer's 303 back to this page with the error toast (thrown, so the
      // action's data stays the two Conform forms' replies).
      throw await failWith({ js: false, back: PAGE }, error, { title: "Two-factor sign-in" });
    }
  }

  if (intent === "enable") {
    const submission = parseWithZod(form, { schema: TwoFactorEnableSchema });
    if (submission.status !== "success") return invalidReply(submission, replyOptions(intent));
    try {
      const { code, password } = submission.value;
      const { recoveryCodes } = await enableTwoFactor({ user, code, password, sessionToken: await getSessionToken(request) });
      const toast = await toastHeader({ type: "success", title: "Two-factor sign-in is on", description: "Save your recovery codes now." });
      return data({ intent, result: submission.reply({ resetForm: true }), recoveryCodes }, { headers: { ...PRIVATE_PAGE, "Set-Cookie": toast } });
    } catch (error) {
      return problemReply(submission, error, replyOptions(intent));
    }
  }

  if (intent === "disable") {
    const submission = parseWithZod(form, { schema: TwoFactorDisableSchema });
    if (submission.status !== "success") return invalidReply(submission, replyOptions(intent));
    try {
      await disableTwoFactor({ user, password: submission.value.password, code: submission.value.code });
      return redirectWithToast(PAGE, { type: "success", title: "Two-factor sign-in is off", description: "Sign-in asks for your password only." });
    } catch (error) {
      return problemReply(submission, error, replyOptions(intent));
    }
  }

  throw invalid("Unknown action");
  },
  {
    // A spent budget (or a suspension …) is shown in the form that was sent, with its status.
    refused: (form, problem) => {
      const intent = form.get("intent");
      if (intent !== "enable" && intent !== "disable") throw problem;
      return problemReply(parseWithZod(form, { schema: INTENT_SCHEMAS[intent] }), problem, replyOptions(intent));
    },
  },
);

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled, pending, recoveryCodesLeft, userId } = loaderData;
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const recoveryCodes = actionData?.recoveryCodes ?? null;
  return (
    <div className="mx-auto max-w-lg py-6 sm:py-10">
      <div className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold">Two-factor sign-in</h1>
        <p className="text-sm text-slate-700">
          With two-factor sign-in, signing in needs your password and a code from an authenticator app on your phone.
        </p>
        {recoveryCodes ? <RecoveryCodesPanel codes={recoveryCodes} /> : null}
        {enabled ? (
          <EnabledPanel recoveryCodesLeft={recoveryCodesLeft} lastResult={resultFor("disable")} />
        ) : pending ? (
          <PendingSetupPanel setup={pending} lastResult={resultFor("enable")} />
        ) : (
          <StartSetup />
        )}
        <p className="text-center text-sm">
          <Link to={`/profile/${userId}/about`} className="font-semibold text-brand hover:underline">
            Back to your profile
          </Link>
        </p>
      </div>
    </div>
  );
}
