import { Form } from "react-router";
import { useRootData } from "../hooks.ts";
import { buttonClass } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { inputClass } from "../ui/input.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { removedNotice } from "~/rules/moderation-rules.ts";

// /account/standing's lists: each removal and suspension with its reason and its one appeal.

type Appeal = { status: "open" | "upheld" | "granted"; text: string } | null;
type StandingData = {
  removals: { caseId: number; targetType: string; label: string; reason: string | null; resolvedAt: string | null; appeal: Appeal }[];
  suspensions: { id: number; reason: string; until: string | null; liftedAt: string | null; active: boolean; message: string; appeal: Appeal; createdAt: string }[];
};

const APPEAL_STATUS = { open: "Appeal sent — a moderator will review it.", upheld: "Appeal reviewed: the decision stands.", granted: "Appeal granted." };

export function StandingList({ standing }: { standing: StandingData }) {
  const { timeZone } = useRootData();
  if (standing.removals.length === 0 && standing.suspensions.length === 0) {
    return <EmptyState level={2} title="Nothing on your record" message="No moderator has removed anything of yours or suspended your account." />;
  }
  return (
    <div className="space-y-6">
      {standing.suspensions.length > 0 ? (
        <section aria-labelledby="suspensions-heading" className="space-y-2">
          <h2 id="suspensions-heading" className="text-lg font-semibold">
            Suspensions
          </h2>
          <ul className="space-y-3">
            {standing.suspensions.map((s) => (
              <li key={s.id} id={`suspension-${s.id}`} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
                <p className="font-medium">{s.active ? s.message : s.message.replace("Your account is suspended", "Your account was suspended")}</p>
                <p className="text-sm text-slate-700">
                  Since {formatDateTime(s.createdAt, timeZone)}
                  {s.liftedAt ? ` · lifted ${formatDateTime(s.liftedAt, timeZone)}` : s.active ? "" : " · ended"}
                </p>
                <AppealPart subjectType="suspension" subjectId={s.id} appeal={s.appeal} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {standing.removals.length > 0 ? (
        <section aria-labelledby="removals-heading" className="space-y-2">
          <h2 id="removals-heading" className="text-lg font-semibold">
            Removed posts and comments
          </h2>
          <ul className="space-y-3">
            {standing.removals.map((r) => (
              <li key={r.caseId} id={`removal-${r.caseId}`} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
                <p className="font-medium">{removedNotice(r.targetType, r.label, r.reason ?? "")}</p>
                {r.resolvedAt ? <p className="text-sm text-slate-700">{formatDateTime(r.resolvedAt, timeZone)}</p> : null}
                <AppealPart subjectType="case" subjectId={r.caseId} appeal={r.appeal} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function AppealPart({ subjectType, subjectId, appeal }: { subjectType: "case" | "suspension"; subjectId: number; appeal: Appeal }) {
  if (appeal) {
    return (
      <p className="text-sm">
        <span className="font-medium">{APPEAL_STATUS[appeal.status]}</span> <span className="text-slate-700">“{appeal.text}”</span>
      </p>
    );
  }
  const id = `appeal-${subjectType}-${subjectId}`;
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium text-brand">Appeal this decision</summary>
      <Form method="post" action="/account/standing" className="mt-2 space-y-2">
        <input type="hidden" name="subjectType" value={subjectType} />
        <input type="hidden" name="subjectId" value={subjectId} />
        <label htmlFor={id} className="block text-sm font-medium">
          Why should a moderator change it?
        </label>
        <textarea id={id} name="text" required maxLength={1000} rows={3} className={inputClass} />
        <button type="submit" className={buttonClass({ variant: "primary", size: "sm" })}>
          Send appeal
        </button>
      </Form>
    </details>
  );
}
