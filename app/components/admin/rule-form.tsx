import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { AdminList, AdminRow } from "~/components/admin/list-controls.tsx";
import { Card } from "~/components/ui/card.tsx";
import { ConfirmForm } from "~/components/ui/confirm-form.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { FieldErrors, FormAlert, inputClass, useZodForm, type FieldState, type FormResult } from "~/components/ui/field.tsx";
import {
  describeRule,
  MAX_RULE_DAYS,
  MAX_RULE_MESSAGE,
  RULE_ACTION_LABELS,
  RULE_ACTION_LIST,
  RULE_FAIL_TITLE,
  RULE_KIND_LABELS,
  RULE_KIND_LIST,
  RULE_TOO_MANY,
  type RuleView,
} from "~/rules/content-rules.ts";

// The rules settings page's parts (app/routes/admin/rules.tsx): the form of a new rule or of the one
// being edited, and the list with each rule's on/off and delete. Plain forms: they work without
// JavaScript; with it the same forms submit in place.

const loadSchema = () => import("~/rules/schemas/content-rule.ts").then((m) => m.RuleFieldsFormSchema);

function Labelled({ field, label, hint, children }: { field: FieldState; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={field.descriptionId} className="text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** aria wiring of a control: its errors and its hint. */
const described = (field: FieldState, hint: boolean) => ({
  id: field.id,
  name: field.name,
  "aria-invalid": field.errors?.length ? true : undefined,
  "aria-describedby": [field.errors?.length ? field.errorId : null, hint ? field.descriptionId : null].filter(Boolean).join(" ") || undefined,
});

function Choice<T extends string>({ field, label, value, options, labels }: { field: FieldState; label: string; value: string; options: readonly T[]; labels: Record<T, string> }) {
  return (
    <Labelled field={field} label={label}>
      <select {...described(field, false)} defaultValue={value} className={inputClass}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

export function RuleForm({ rule, lastResult, full }: { rule: RuleView | null; lastResult: FormResult; full: boolean }) {
  const defaults = rule
    ? { kind: rule.kind, terms: rule.terms.join("\n"), days: rule.days === null ? "" : String(rule.days), outcome: rule.action, message: rule.message ?? "", enabled: rule.enabled ? "on" : "" }
    : { kind: "words", terms: "", days: "", outcome: "hold", message: "", enabled: "on" };
  const [form, fields] = useZodForm(rule ? `rule-${rule.id}` : "new-rule", loadSchema, lastResult, defaults);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === (rule ? "update" : "create");
  const value = (name: keyof typeof defaults) => fields[name].initialValue ?? defaults[name];
  const heading = rule ? `Edit rule #${rule.id}` : "New rule";
  return (
    <Card className="p-4">
      <h3 id="rule-form-heading" className="font-semibold">
        {heading}
      </h3>
      {full ? (
        <p className="mt-2 text-sm text-slate-800">{RULE_TOO_MANY}</p>
      ) : (
        <Form method="post" action="/admin/rules" {...form.props} aria-labelledby="rule-form-heading" className="mt-3 grid gap-3 md:grid-cols-2">
          <input type="hidden" name="intent" value={rule ? "update" : "create"} />
          {rule ? <input type="hidden" name="id" value={rule.id} /> : null}
          <div className="md:col-span-2">
            <FormAlert id={form.errorId} title={RULE_FAIL_TITLE} errors={form.errors} />
          </div>
          <Choice field={fields.kind} label="Matches" value={value("kind")} options={RULE_KIND_LIST} labels={RULE_KIND_LABELS} />
          <Choice field={fields.outcome} label="Does" value={value("outcome")} options={RULE_ACTION_LIST} labels={RULE_ACTION_LABELS} />
          <Labelled field={fields.terms} label="Words, phrases, domains or channels" hint="One a line. Not used for account age.">
            <textarea {...described(fields.terms, true)} rows={4} defaultValue={value("terms")} className={inputClass} />
          </Labelled>
          <div className="space-y-3">
            <Labelled field={fields.days} label="Account younger than (days)" hint="Only for account age.">
              <input {...described(fields.days, true)} type="number" inputMode="numeric" min={1} max={MAX_RULE_DAYS} defaultValue={value("days")} className={inputClass} />
            </Labelled>
            <Labelled field={fields.message} label="Message" hint="What the author reads when it refuses; the reason logged otherwise.">
              <input {...described(fields.message, true)} type="text" maxLength={MAX_RULE_MESSAGE} defaultValue={value("message")} className={inputClass} />
            </Labelled>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3 md:col-span-2">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={fields.enabled.name} defaultChecked={value("enabled") === "on"} className="h-4 w-4 accent-brand" />
              On
            </label>
            <div className="flex gap-2">
              {rule ? (
                <Link to="/admin/rules" className={buttonClass({ variant: "ghost" })}>
                  Cancel
                </Link>
              ) : null}
              <button type="submit" disabled={busy} className={buttonClass()}>
                {busy ? "Saving…" : rule ? "Save rule" : "Add rule"}
              </button>
            </div>
          </div>
        </Form>
      )}
    </Card>
  );
}

export function RuleList({ rules }: { rules: RuleView[] }) {
  if (rules.length === 0) {
    return <EmptyState level={3} title="No rules yet" message="A rule holds, refuses or flags what matches it, before anyone reports it." />;
  }
  return (
    <AdminList label="Rules, oldest first">
      {rules.map((rule) => (
        <AdminRow
          key={rule.id}
          id={`rule-${rule.id}`}
          actions={
            <>
              <Link to={`/admin/rules?edit=${rule.id}`} className={buttonClass({ variant: "secondary", size: "sm" })} aria-label={`Edit rule #${rule.id}`}>
                Edit
              </Link>
              <Form method="post" action="/admin/rules">
                <input type="hidden" name="intent" value={rule.enabled ? "disable" : "enable"} />
                <input type="hidden" name="id" value={rule.id} />
                <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })} aria-label={`${rule.enabled ? "Turn off" : "Turn on"} rule #${rule.id}`}>
                  {rule.enabled ? "Turn off" : "Turn on"}
                </button>
              </Form>
              <ConfirmForm
                confirmKey={`delete-rule-${rule.id}`}
                trigger="Delete"
                triggerLabel={`Delete rule #${rule.id}`}
                title={`Delete rule #${rule.id}?`}
                message="What it held or flagged stays in the queue; the log keeps its entries."
                action="/admin/rules"
                fields={{ intent: "delete", id: String(rule.id) }}
                confirmLabel="Delete rule"
              />
            </>
          }
        >
          <span className="font-medium">#{rule.id}</span>
          <span className="min-w-0 break-words">{describeRule(rule)}</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{RULE_ACTION_LABELS[rule.action]}</span>
          <span className={rule.enabled ? "text-xs font-semibold text-emerald-800" : "text-xs font-semibold text-slate-700"}>{rule.enabled ? "On" : "Off"}</span>
          {rule.message ? <span className="basis-full text-sm text-slate-800">Message: {rule.message}</span> : null}
        </AdminRow>
      ))}
    </AdminList>
  );
}
