import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, Link } from "react-router";
import type { Route } from "./+types/account.two-factor";
import { EnabledPanel, PendingSetupPanel, RecoveryCodesPanel, StartSetup } from "~/components/account/two-factor-panels.tsx";
import { isProblem, type Problem } from "~/lib/problem.ts";
import { TwoFactorDisableSchema, TwoFactorEnableSchema } from "~/lib/schemas/two-factor.ts";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, twoFactorStatus } from "~/models/account/two-factor.server.ts";
import { requireUser } from "~/http/guards.server.ts";
import { redirectWithToast, toastHeader } from "~/http/toast-cookie.server.ts";
import { checkRateLimit, rateLimitHeaders, retryAfterDocumentHeaders } from "~/integrations/rate-limit.server.ts";
import { qrCodeSvg } from "~/integrations/totp.server.ts";

// /account/two-factor: a signed-in member turns two-factor sign-in on (a secret as text and QR code,
// then one valid code; the ten recovery codes are shown once, in the answer to that POST) or off
// (password and a code). Works without JavaScript: every step is a plain form.

const PAGE = "/account/two-factor";

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [{ title: `Two-factor sign-in · ${siteName}` }, { name: "robots", content: "noindex" }];
};

// The secret, the recovery codes, a sign-in under way: kept by no cache, the browser's included.
const PRIVATE = { "Cache-Control": "private, no-store" };

export const headers: Route.HeadersFunction = (args) => {
  const headers = new Headers(retryAfterDocumentHeaders(args));
  headers.set("Cache-Control", PRIVATE["Cache-Control"]);
  return headers;
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const status = twoFactorStatus(user);
  return data(
    {
      userId: user.id,
      enabled: status.enabled,
      recoveryCodesLeft: status.recoveryCodesLeft,
      pending: status.pending ? { ...status.pending, qr: qrCodeSvg(status.pending.otpauthUrl) } : null,
    },
    { headers: PRIVATE },
  );
}

type Intent = "enable" | "disable";
const reply = (intent: Intent, result: SubmissionResult<string[]>, init?: { status?: number; headers?: HeadersInit }) =>
  data({ intent, result, recoveryCodes: null as string[] | null }, init);

/** A model's refusal on the form: under its field, or above the form (with Retry-After on a 429). */
function refusal(intent: Intent, submission: { reply: (o: object) => SubmissionResult<string[]> }, problem: Problem) {
  const where = problem.field ? { fieldErrors: { [problem.field]: [problem.message] } } : { formErrors: [problem.message] };
  return reply(intent, submission.reply({ ...where, hideFields: ["password", "code"] }), { status: problem.status, headers: problem.headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "setup") {
    try {
      startTwoFactorSetup({ user });
      return redirectWithToast(PAGE, { type: "success", title: "Secret ready", description: "Scan the QR code, then enter a code from your app." });
    } catch (error) {
      if (!isProblem(error)) throw error;
      return redirectWithToast(PAGE, { type: "error", title: "Two-factor sign-in", description: error.message });
    }
  }

  if (intent === "enable") {
    const submission = parseWithZod(form, { schema: TwoFactorEnableSchema });
    if (submission.status !== "success") return reply(intent, submission.reply({ hideFields: ["code"] }), { status: 400 });
    try {
      const { recoveryCodes } = enableTwoFactor({ user, code: submission.value.code });
      const toast = await toastHeader({ type: "success", title: "Two-factor sign-in is on", description: "Save your recovery codes now." });
      return data({ intent, result: submission.reply({ resetForm: true }), recoveryCodes }, { headers: { ...PRIVATE, "Set-Cookie": toast } });
    } catch (error) {
      if (!isProblem(error)) throw error;
      return refusal(intent, submission, error);
    }
  }

  if (intent === "disable") {
    const submission = parseWithZod(form, { schema: TwoFactorDisableSchema });
    if (submission.status !== "success") return reply(intent, submission.reply({ hideFields: ["password", "code"] }), { status: 400 });
    // Guessing the password is a sign-in attempt: the same budget.
    const limit = await checkRateLimit("login", context.clientIp);
    if (!limit.ok) {
      return reply(intent, submission.reply({ formErrors: [limit.message], hideFields: ["password", "code"] }), { status: 429, headers: rateLimitHeaders(limit) });
    }
    try {
      await disableTwoFactor({ user, password: submission.value.password, code: submission.value.code });
      return redirectWithToast(PAGE, { type: "success", title: "Two-factor sign-in is off", description: "Sign-in asks for your password only." });
    } catch (error) {
      if (!isProblem(error)) throw error;
      return refusal(intent, submission, error);
    }
  }

  return data({ intent: null, result: null, recoveryCodes: null }, { status: 400 });
}

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
