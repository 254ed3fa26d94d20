import { Form } from "react-router";
import { Time } from "~/components/ui/time.tsx";
import { Link } from "~/components/ui/link.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { formatDateTime } from "~/lib/format.ts";
import type { DiffPart } from "~/rules/edit-rules.ts";

// One version of a post's or a comment's history: its time, each field with what changed from the
// version before (<ins>/<del>, every text escaped by React), and an admin's redact form; and the
// plain links (no JavaScript needed) to the newer and older pages of versions.

export type HistoryVersion = {
  revisionId: number | null;
  /** 1 is the original. */
  number: number;
  writtenAt: string;
  replacedAt: string | null;
  redacted: boolean;
  fields: { name: string; label: string; text: string; diff: DiffPart[] | null }[];
};

function Diff({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.kind === "added" ? (
          <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">
            {p.text}
          </ins>
        ) : p.kind === "removed" ? (
          <del key={i} className="bg-red-100 text-red-900">
            {p.text}
          </del>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

export function VersionCard({ version, label, timeZone, canRedact }: { version: HistoryVersion; label: string; timeZone: string; canRedact: boolean }) {
  return (
    <li className="card" data-version={version.revisionId ?? "current"}>
      <h2 className="text-sm font-semibold">
        {label} · <Time value={version.writtenAt} timeZone={timeZone}>{formatDateTime(version.writtenAt, timeZone)}</Time>
      </h2>
      <dl className="mt-2 space-y-2 text-sm">
        {version.fields.map((f) => (
          <div key={f.name}>
            <dt className="text-xs font-semibold uppercase text-slate-500">{f.label}</dt>
            <dd dir="auto" className={`whitespace-pre-line break-words ${version.redacted ? "italic text-slate-500" : ""}`}>
              {f.diff ? <Diff parts={f.diff} /> : f.text}
            </dd>
          </div>
        ))}
      </dl>
      {canRedact && version.revisionId !== null && !version.redacted ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-semibold text-red-700">Redact this version</summary>
          <Form method="post" action={`/revisions/${version.revisionId}/redact`} className="mt-2 flex flex-wrap items-end gap-2">
            <label className="text-xs">
              Reason
              <input name="reason" required maxLength={500} className="ml-2 rounded border border-slate-300 px-2 py-1 text-sm" />
            </label>
            <button type="submit" className="rounded-full bg-red-700 px-3 py-1 text-xs font-semibold text-white hover:bg-red-800">
              Redact
            </button>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

/** 'Current version', 'Original' or 'Version 3'. */
export function versionLabel(version: Pick<HistoryVersion, "revisionId" | "number">): string {
  if (version.revisionId === null) return "Current version";
  return version.number === 1 ? "Original" : `Version ${version.number}`;
}

/**
 * '45 versions · page 2 of 3' with links to the newer and older pages, in the admin lists' pager's
 * look (admin/list-controls.tsx, which this page does not load: it brings the lists' search form).
 */
export function HistoryPager({ page, totalPages, total }: { page: number; totalPages: number; total: number }) {
  const links = [
    { to: Math.min(page - 1, totalPages), label: "Newer versions", shown: page > 1 },
    { to: page + 1, label: "Older versions", shown: page < totalPages },
  ].filter((link) => link.shown);
  return (
    <nav aria-label="Version pages" className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
      <p>{`${total} versions · page ${Math.min(page, totalPages)} of ${totalPages}`}</p>
      <div className="flex gap-2">
        {links.map((link) => (
          <Link key={link.label} to={link.to === 1 ? "?" : `?page=${link.to}`} className={buttonClass({ variant: "secondary", size: "sm" })}>
            {link.label}
          </Link>
        ))}
      </div>
    </nav>
  );
}
