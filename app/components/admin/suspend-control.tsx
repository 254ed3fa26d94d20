import { Form } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { inputClass } from "../ui/input.tsx";

// The Users tab's suspension: a <details> form (reason, optional end) that works without JavaScript,
// or, while one lasts, its words and 'Lift suspension'.

export function SuspendControl({ userId, username, suspension }: { userId: number; username: string; suspension: string | null }) {
  const action = `/admin/users/${userId}/suspend`;
  if (suspension) {
    return (
      <Form method="post" action={action} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="lift" />
        <button type="submit" aria-label={`Lift suspension: ${username}`} className={buttonClass({ variant: "secondary", size: "sm" })}>
          Lift suspension
        </button>
      </Form>
    );
  }
  return (
    <details className="relative">
      <summary aria-label={`Suspend ${username}`} className={`${buttonClass({ variant: "secondary", size: "sm" })} cursor-pointer list-none`}>
        Suspend
      </summary>
      <Form method="post" action={action} className="absolute right-0 z-30 mt-1 w-72 space-y-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg">
        <input type="hidden" name="intent" value="suspend" />
        <SuspensionFields />
        <button type="submit" className={buttonClass({ variant: "danger", size: "sm" })}>
          Suspend {username}
        </button>
      </Form>
    </details>
  );
}

/** A suspension's reason (what the member reads) and its optional end, for every form that suspends. */
export function SuspensionFields({ defaultReason }: { defaultReason?: string }) {
  return (
    <>
      <label className="block">
        <span className="font-medium">Reason the member will read</span>
        <textarea name="reason" required maxLength={500} rows={2} className={inputClass} defaultValue={defaultReason} />
      </label>
      <label className="block">
        <span className="font-medium">Until (empty: no end)</span>
        <input type="date" name="until" className={inputClass} />
      </label>
    </>
  );
}
