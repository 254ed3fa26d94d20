import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { inputClass } from "~/components/ui/input.tsx";
import { ADMIN_QUERY_MAX } from "~/rules/admin-rules.ts";

// The parts every admin list shares: a GET search form (?q=), page links (?page=) and the rows.

export function SearchBox({ label, q }: { label: string; q?: string }) {
  return (
    <Form method="get" role="search" className="flex gap-2">
      <label htmlFor="admin-search" className="sr-only">
        {label}
      </label>
      <input
        id="admin-search"
        type="search"
        name="q"
        defaultValue={q ?? ""}
        placeholder={label}
        maxLength={ADMIN_QUERY_MAX}
        className={`${inputClass} max-w-xs`}
      />
      <button type="submit" className={buttonClass({ variant: "secondary" })}>
        Search
      </button>
      {q ? (
        <Link to="?" className={buttonClass({ variant: "ghost" })}>
          Clear
        </Link>
      ) : null}
    </Form>
  );
}

/** 'Page 2 of 5' with Previous / Next links that keep the search. */
export function Pager({ page, pageCount, total, noun }: { page: number; pageCount: number; total: number; noun: string }) {
  const { search } = useLocation();
  const href = (to: number) => {
    const params = new URLSearchParams(search);
    params.delete("confirm");
    if (to === 1) params.delete("page");
    else params.set("page", String(to));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label={`${noun} pages`} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
      <p>
        {total} {noun} · page {Math.min(page, pageCount)} of {pageCount}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href(Math.min(page - 1, pageCount))} className={buttonClass({ variant: "secondary", size: "sm" })}>
            Previous page
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={href(page + 1)} className={buttonClass({ variant: "secondary", size: "sm" })}>
            Next page
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

/**
 * A list of rows that can act (users, posts): each row wraps on a phone, and a confirmation opened
 * without JavaScript (?confirm=…) takes the row's full width below it instead of squeezing into a cell.
 */
export function AdminList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {children}
    </ul>
  );
}

/** One row: its facts on the left, its actions on the right (`display: contents`, so a no-JS confirm step wraps to its own line). */
export function AdminRow({ id, children, actions }: { id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <li id={id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm [&_dialog:not(:modal)]:basis-full">
      <div className="flex min-w-0 basis-full flex-wrap items-center gap-x-4 gap-y-1 md:flex-1 md:basis-0">{children}</div>
      {actions ? <div className="contents">{actions}</div> : null}
    </li>
  );
}
