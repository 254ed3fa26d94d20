import type { ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { REASON_MAX } from "~/rules/admin-rules.ts";
import { buttonClass } from "./button.tsx";
import { Dialog } from "./dialog.tsx";
import { HiddenFields } from "./hidden-fields.tsx";
import { inputClass } from "./input.tsx";

export type ConfirmStepProps = {
  confirmKey: string;
  title: string;
  message: ReactNode;
  action: string;
  fields: Record<string, string>;
  confirmLabel: string;
  reason: boolean;
  closeHref: string;
  busy: boolean;
};

/** ConfirmForm's second step (./confirm-form.tsx): the dialog holding the real form. */
export function ConfirmStep({ confirmKey, title, message, action, fields, confirmLabel, reason, closeHref, busy }: ConfirmStepProps) {
  return (
    <Dialog title={title} closeHref={closeHref}>
      <div className="text-slate-700">{message}</div>
      <Form method="post" action={action} className="mt-4 space-y-3">
        <HiddenFields fields={fields} />
        {reason ? (
          <div className="space-y-1">
            <label htmlFor={`${confirmKey}-reason`} className="block text-sm font-medium text-slate-800">
              Reason (optional)
            </label>
            <input id={`${confirmKey}-reason`} name="reason" maxLength={REASON_MAX} className={inputClass} />
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Link to={closeHref} preventScrollReset replace className={buttonClass({ variant: "secondary" })}>
            Cancel
          </Link>
          <button type="submit" data-autofocus disabled={busy} className={buttonClass({ variant: "danger" })}>
            {confirmLabel}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
