import { Form } from "react-router";
import { Time } from "~/components/ui/time.tsx";
import { buttonClass } from "../ui/button.tsx";
import { inputClass } from "../ui/input.tsx";
import { SweepControl } from "./sweep-control.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { CASE_ACTION_LABELS, REPORT_REASON_LABELS, type CaseAction, type ReportReason, type ReportTargetType } from "~/rules/interactions/report.ts";
import { formatUntil, removedNotice } from "~/rules/moderation-rules.ts";
import { MemberText } from "../member-text.tsx";

// One case of /admin/reports: its reasons and notes, the item as its author sees it, the author's
// history, and the decision form (a plain form: it works without JavaScript).

export type CaseCardData = {
  id: number;
  targetType: ReportTargetType;
  targetId: number;
  targetLabel: string;
  status: "open" | "resolved";
  reportCount: number;
  /** The admin's rule that flagged it (a case may have no reports then). */
  ruleId: number | null;
  reasons: Partial<Record<ReportReason, number>>;
  action: CaseAction | null;
  resolutionReason: string | null;
  reports: { reason: ReportReason; note: string | null; createdAt: string }[];
  item: { body: { title?: string; text: string; href: string | null } } | null;
  author: {
    id: number;
    username: string;
    removals: { caseId: number; label: string; reason: string | null }[];
    suspensions: { id: number; reason: string; until: string | null; liftedAt: string | null }[];
  } | null;
};

const KIND: Record<ReportTargetType, string> = { post: "Post", comment: "Comment", user: "Member" };

/** `siteWide`: the viewer moderates everywhere (a category moderator cannot sweep a member's every category). */
export function ReportCase({ c, timeZone, siteWide }: { c: CaseCardData; timeZone: string; siteWide: boolean }) {
  return (
    <article id={`case-${c.id}`} aria-label={`${KIND[c.targetType]} '${c.targetLabel}'`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <header className="flex flex-wrap items-baseline gap-2">
        <h3 className="font-semibold">
          {KIND[c.targetType]} '<bdi>{c.targetLabel}</bdi>'
        </h3>
        <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800">
          {c.reportCount} {c.reportCount === 1 ? "report" : "reports"}
        </span>
        {c.ruleId !== null ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Flagged by rule #{c.ruleId}</span> : null}
        <span className="text-sm text-slate-700">
          {Object.entries(c.reasons)
            .map(([reason, n]) => `${REPORT_REASON_LABELS[reason as ReportReason].label} ×${n}`)
            .join(", ")}
        </span>
      </header>
      <ul className="space-y-1 text-sm">
        {c.reports.map((r, i) => (
          <li key={i}>
            <span className="font-medium">{REPORT_REASON_LABELS[r.reason].label}</span>{" "}
            <Time className="text-slate-700" value={r.createdAt} timeZone={timeZone}>
              {formatDateTime(r.createdAt, timeZone)}
            </Time>
            {r.note ? (
              <p dir="auto" className="whitespace-pre-wrap text-slate-800">
                “{r.note}”
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {c.item ? (
        <blockquote className="rounded-lg border-l-4 border-slate-300 bg-slate-50 p-3 text-sm">
          <MemberText title={c.item.body.title} text={c.item.body.text || "(no text)"} />
          {c.item.body.href ? (
            <a href={c.item.body.href} className="text-brand hover:underline">
              Open it where it is
            </a>
          ) : null}
        </blockquote>
      ) : c.status === "open" ? (
        <p className="text-sm text-slate-700">The item is already gone.</p>
      ) : null}
      {c.author ? <AuthorHistory author={c.author} /> : null}
      {c.status === "open" ? <DecisionForm c={c} /> : <Resolution c={c} />}
      {c.status === "open" && c.author && siteWide ? <SweepControl userId={c.author.id} username={c.author.username} /> : null}
    </article>
  );
}

function AuthorHistory({ author }: { author: NonNullable<CaseCardData["author"]> }) {
  const empty = author.removals.length === 0 && author.suspensions.length === 0;
  return (
    <div className="text-sm">
      <p className="font-medium">
        Author: <a href={`/profile/${author.id}`} className="text-brand hover:underline">{author.username}</a>
        {empty ? <span className="font-normal text-slate-700"> — no earlier removals or suspensions</span> : null}
      </p>
      {empty ? null : (
        <ul className="list-disc pl-5 text-slate-800">
          {author.removals.map((r) => (
            <li key={`r${r.caseId}`}>Removed '<bdi>{r.label}</bdi>': {r.reason}</li>
          ))}
          {author.suspensions.map((s) => (
            <li key={`s${s.id}`}>
              Suspended {s.until ? `until ${formatUntil(s.until)}` : "with no end"}: {s.reason}
              {s.liftedAt ? " (lifted)" : ""}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DecisionForm({ c }: { c: CaseCardData }) {
  const actions = (Object.keys(CASE_ACTION_LABELS) as CaseAction[]).filter((a) => !(a === "remove" && c.targetType === "user"));
  const label = (a: CaseAction) => (a === "suspend" && c.targetType === "user" ? "Suspend the member" : CASE_ACTION_LABELS[a]);
  return (
    <Form method="post" action={`/admin/reports/${c.id}/resolve`} className="space-y-2 border-t border-slate-100 pt-3">
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <legend className="sr-only">Decision</legend>
        {actions.map((a, i) => (
          <label key={a} className="flex items-center gap-1">
            <input type="radio" name="action" value={a} defaultChecked={i === 0} required /> {label(a)}
          </label>
        ))}
      </fieldset>
      <label className="block text-sm">
        <span className="font-medium">Reason the author will read</span>
        <textarea name="reason" required maxLength={500} rows={2} className={inputClass} placeholder="Spam links, rule 2" />
      </label>
      <label className="block text-sm">
        <span className="font-medium">Suspend until (for a suspension; empty: no end)</span>
        <input type="date" name="until" className={`${inputClass} max-w-xs`} />
      </label>
      <button type="submit" className={buttonClass({ variant: "primary", size: "sm" })}>
        Decide
      </button>
    </Form>
  );
}

function Resolution({ c }: { c: CaseCardData }) {
  const words = c.action === "dismiss" ? "Dismissed" : c.action === "suspend" ? "Removed and suspended" : "Removed";
  return (
    <p className="border-t border-slate-100 pt-3 text-sm">
      <span className="font-medium">{words}</span>
      {c.resolutionReason && c.action !== "dismiss" && c.targetType !== "user" ? (
        <span className="text-slate-700"> — the author read: {removedNotice(c.targetType, c.targetLabel, c.resolutionReason)}</span>
      ) : c.resolutionReason ? (
        <span className="text-slate-700"> — {c.resolutionReason}</span>
      ) : null}
    </p>
  );
}
