import { Form, useLocation } from "react-router";
import { Dialog } from "./ui/dialog.tsx";
import { buttonClass } from "./ui/button.tsx";
import { inputClass } from "./ui/input.tsx";
import {
  REPORT_NOTE_MAX,
  REPORT_PARAM,
  REPORT_REASON_LABELS,
  REPORT_REASON_VALUES,
  type ReportTargetType,
} from "~/rules/interactions/report.ts";

// The report dialog: its open state is the URL (?report=post-12), so it opens from a plain link on
// any page and works without JavaScript (a section of the page); its form posts to /reports, which
// answers 303 back to the page without ?report and with the thanks.

const TITLES: Record<ReportTargetType, string> = { post: "Report this post", comment: "Report this comment", user: "Report this member" };

export function ReportDialog({ target }: { target: { targetType: ReportTargetType; targetId: number } }) {
  const { pathname, search, hash } = useLocation();
  const params = new URLSearchParams(search);
  params.delete(REPORT_PARAM);
  const query = params.toString();
  const closeHref = `${pathname}${query ? `?${query}` : ""}${hash}`;
  return (
    <Dialog title={TITLES[target.targetType]} closeHref={closeHref}>
      <Form method="post" action="/reports" className="space-y-3">
        <input type="hidden" name="targetType" value={target.targetType} />
        <input type="hidden" name="targetId" value={target.targetId} />
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Why should a moderator look at it?</legend>
          {REPORT_REASON_VALUES.map((reason, i) => (
            <label key={reason} className="flex items-start gap-2 text-sm">
              <input type="radio" name="reason" value={reason} required className="mt-1" {...(i === 0 ? { "data-autofocus": true } : {})} />
              <span>
                <span className="font-medium">{REPORT_REASON_LABELS[reason].label}</span>{" "}
                <span className="text-slate-700">— {REPORT_REASON_LABELS[reason].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="block text-sm">
          <span className="font-medium">Note for the moderators (optional)</span>
          <textarea name="note" maxLength={REPORT_NOTE_MAX} rows={3} className={inputClass} />
        </label>
        <div className="flex justify-end gap-2">
          <a href={closeHref} className={buttonClass({ variant: "secondary" })}>
            Cancel
          </a>
          <button type="submit" className={buttonClass({ variant: "danger" })}>
            Send report
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
