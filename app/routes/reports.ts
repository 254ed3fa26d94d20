import { REPORT_AUTH_TOAST, REPORT_FAIL_TITLE, REPORT_PARAM, REPORT_THANKS, type ReportView } from "~/rules/interactions/report.ts";
import { ReportSchema } from "~/rules/schemas/moderation.ts";
import { fileReport } from "~/models/moderation/report.server.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";

// POST /reports {targetType, targetId, reason, note?}: the report dialog's form. 303 back to the page
// (dialog closed) with 'Thanks — a moderator will look at it.', or back to the open dialog with the
// error toast. Visitors sign in and come back to the dialog. The shared demo account may not report
// (docs/product.md §11), as over JSON.

export const loader = redirectLoader(() => "/");

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

const anchorOf = (form: FormData) => {
  const type = field(form, "targetType");
  const id = field(form, "targetId");
  return (type === "post" || type === "comment") && id && /^\d+$/.test(id) ? `${type}-${id}` : undefined;
};

export const action = interactionAction(
  { who: "member", budget: "report", input: ReportSchema, notDemo: true },
  () => "/",
  (ctx) => {
    const report = fileReport({ reporterId: ctx.user.id, input: ctx.input });
    return succeed<ReportView>(ctx, { toast: { type: "success", title: REPORT_THANKS }, payload: report });
  },
  {
    signInToast: REPORT_AUTH_TOAST,
    failTitle: REPORT_FAIL_TITLE,
    anchor: (form) => anchorOf(form),
    // A message about the input reopens the dialog; anything else (reported already …) closes it.
    keepOnFailure: (form, problem): Record<string, string> => {
      if (problem.kind !== "invalid") return {};
      const type = field(form, "targetType");
      const id = field(form, "targetId");
      return type && id ? { [REPORT_PARAM]: `${type}-${id}` } : {};
    },
  },
);
