import { Form } from "react-router";
import { buttonClass } from "../ui/button.tsx";
import { inputClass } from "../ui/input.tsx";

// An open appeal in /admin/reports: the decision it contests, the member's words, and the answer.

export type AppealCardData = { id: number; userId: number; username: string; decision: string; decisionReason: string | null; text: string };

export function AppealCard({ a }: { a: AppealCardData }) {
  return (
    <article id={`appeal-${a.id}`} aria-label={`Appeal from ${a.username}`} className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <h3 className="font-semibold">
        Appeal from <a href={`/profile/${a.userId}`} className="text-brand hover:underline">{a.username}</a>
      </h3>
      <p className="text-sm">
        {a.decision}
        {a.decisionReason ? `: ${a.decisionReason}` : ""}
      </p>
      <p className="whitespace-pre-wrap text-sm">“{a.text}”</p>
      <Form method="post" action={`/admin/appeals/${a.id}/decide`} className="space-y-2">
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">Decision on the appeal</legend>
          <label className="flex items-center gap-1">
            <input type="radio" name="decision" value="upheld" defaultChecked /> Keep the decision
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="decision" value="granted" /> Grant the appeal
          </label>
        </fieldset>
        <label className="block text-sm">
          <span className="font-medium">Answer the member will read</span>
          <textarea name="reason" required maxLength={500} rows={2} className={inputClass} />
        </label>
        <button type="submit" className={buttonClass({ variant: "primary", size: "sm" })}>
          Answer the appeal
        </button>
      </Form>
    </article>
  );
}
