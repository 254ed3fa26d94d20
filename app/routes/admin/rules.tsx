import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/rules";
import { RuleForm, RuleList } from "~/components/admin/rule-form.tsx";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";
import { describeRule, MAX_RULES, RULE_NOT_FOUND } from "~/rules/content-rules.ts";
import { RuleFormSchema, RulesPageQuerySchema } from "~/rules/schemas/content-rule.ts";
import { createRule, deleteRule, listRules, updateRule } from "~/models/moderation/rule-set.server.ts";
import { formProblemReply, invalidReply, problemReply } from "~/http/answers/conform-problem.server.ts";
import { page, pageAction } from "~/http/answers/page-problem.server.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";
import { notFound } from "~/lib/problem.ts";
import { ADMIN_SIGN_IN, loadOrFail } from "~/routes/admin/admin-page.server.ts";

// /admin/rules: the admins' rules that act before anyone reports (docs/product.md §11 "Rules"): the
// list (all of them: at most MAX_RULES), a form for a new rule, ?edit=id opens a rule's form in place
// of it (a URL state), and each row's on/off and delete (behind a confirmation). One action for all
// of them by `intent`: POST → 303 back with a toast, or the form again with its messages.

export const meta: Route.MetaFunction = () => [
  { title: "Rules · Admin Dashboard" },
  { name: "description", content: "Rules that hold, refuse or flag posts and comments before anyone reports them." },
];

export const loader = page(
  { who: "admin", input: RulesPageQuerySchema },
  ({ input }) => {
    const rules = loadOrFail("Failed to load the rules", () => listRules());
    const editing = input.edit === undefined ? null : (rules.find((r) => r.id === input.edit) ?? null);
    if (input.edit !== undefined && !editing) throw notFound(RULE_NOT_FOUND);
    return { rules, editing, max: MAX_RULES };
  },
  ADMIN_SIGN_IN,
);

const TOASTS = { create: "Rule added", update: "Rule saved", enable: "Rule turned on", disable: "Rule turned off", delete: "Rule deleted" } as const;

export const action = pageAction(
  { who: "admin", budget: "moderate", input: RuleFormSchema },
  async ({ user, form }) => {
    const submission = parseWithZod(form, { schema: RuleFormSchema });
    if (submission.status !== "success") return invalidReply(submission);
    const input = submission.value;
    try {
      let rule;
      if (input.intent === "create" || input.intent === "update") {
        const { intent: _intent, outcome, ...fields } = input;
        const given = { ...fields, action: outcome };
        rule = input.intent === "create" ? createRule({ actorId: user.id, input: given }) : updateRule({ actorId: user.id, id: input.id, patch: given });
      } else if (input.intent === "delete") {
        rule = deleteRule({ actorId: user.id, id: input.id });
      } else {
        rule = updateRule({ actorId: user.id, id: input.id, patch: { enabled: input.intent === "enable" } });
      }
      return redirectWithToast("/admin/rules", { type: "success", title: TOASTS[input.intent], description: describeRule(rule) });
    } catch (error) {
      return problemReply(submission, error);
    }
  },
  {
    refused: (form, problem) => {
      if (problem.kind !== "too_many") throw problem;
      return formProblemReply(form, problem);
    },
  },
);

export default function AdminRules({ loaderData, actionData }: Route.ComponentProps) {
  const { rules, editing, max } = loaderData;
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Rules</h2>
      <p className="text-sm text-slate-700">
        Rules act on new posts, comments and replies and on edits, before anyone reports them; an admin's own writes pass. Words are matched as
        whole words, whatever their case, accents or look-alike letters. At most {max} rules.
      </p>
      <RuleForm key={editing?.id ?? "new"} rule={editing} lastResult={actionData?.result} full={!editing && rules.length >= max} />
      <RuleList rules={rules} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback="Failed to load the rules" actions={<RetryLink to="/admin/rules" />} />;
}
