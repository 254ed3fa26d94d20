// A category page's navigation: the category list (a drawer under 768 px), its sort form, its URL for a view.
import { Form, useLocation, useSubmit } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { useHydrated } from "../hooks.ts";
import { stroke, type IconProps } from "../icons.tsx";
import {
  CATEGORY_PAGE,
  LIST_SORT_LABELS,
  LIST_SORTS,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type CategoryCount,
  type ListSort,
  type Timeframe,
} from "~/lib/browse.ts";
import { formatCount } from "~/lib/format.ts";
import { buttonClass } from "../ui/button.tsx";
import { HiddenFields } from "../ui/hidden-fields.tsx";

function MenuIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}


export type ListView = { sort: ListSort; t: Timeframe; limit: number };

/** A list's sort and time range as query parameters, the defaults left out (the address stays short). */
export function viewParams({ sort, t }: Pick<ListView, "sort" | "t">): Record<string, string> {
  return { ...(sort !== "newest" ? { sort } : {}), ...(t !== "all" ? { t } : {}) };
}

export function listHref(base: string, view: ListView): string {
  const params = new URLSearchParams(viewParams(view));
  if (view.limit !== CATEGORY_PAGE) params.set("limit", String(view.limit));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

/** `label`: the landmark's name, one per page (the drawer's list names itself apart from the sidebar's). */
export function CategoryLinks({ current, counts, label = "Category list" }: { current: string | null; counts: CategoryCount[] | null; label?: string }) {
  // .cat-link (app.css).
  const link = (active: boolean) => (active ? "cat-link on" : "cat-link");
  const total = counts?.reduce((sum, c) => sum + c.postsCount, 0);
  return (
    <nav aria-label={label}>
      <ul className="space-y-0.5">
        <li>
          <Link
            to="/categories"
            aria-current={current === null ? "page" : undefined}
            className={link(current === null)}
          >
            All Categories {total !== undefined ? <span>{formatCount(total)}</span> : null}
          </Link>
        </li>
        {(counts ?? []).map((c) => (
          <li key={c.slug}>
            <Link
              to={`/category/${c.slug}`}
              aria-current={c.name === current ? "page" : undefined}
              className={link(c.name === current)}
            >
              {`${c.name} `}
              <span>{formatCount(c.postsCount)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Under 768 px the category list is a drawer sliding in from the left: a <details>, so it opens
 * without JavaScript; the dimmed backdrop is the summary's ::before, so a tap outside closes it.
 */
export function CategoryDrawer({ current, counts }: { current: string | null; counts: CategoryCount[] | null }) {
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  return (
    <details key={`${pathname}${search}`} className="group md:hidden">
      <summary className="shrink-0 cursor-pointer whitespace-nowrap rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold before:fixed before:inset-0 before:z-40 before:hidden before:bg-slate-900/50 before:content-[''] group-open:before:block">
        <MenuIcon className="inline h-4 w-4 align-[-2px]" /> Categories
      </summary>
      <div className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-xl transition-transform duration-200 starting:-translate-x-full">
        <div className="mb-3 flex items-center justify-between">
          <p className="font-bold">Categories</p>
          {hydrated ? (
            <button
              type="button"
              aria-label="Close categories"
              className="rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100"
              onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
            >
              ×
            </button>
          ) : null}
        </div>
        <CategoryLinks current={current} counts={counts} label="Category list, drawer" />
      </div>
    </details>
  );
}

/** The sort and time range of a list; `keep`: the page's other parameters, sent along (hidden). */
export function SortForm({ view, keep = {} }: { view: Pick<ListView, "sort" | "t">; keep?: Record<string, string> }) {
  const fields: SelectField[] = [
    { name: "sort", label: "Sort", value: view.sort, options: LIST_SORTS.map((s) => [s, LIST_SORT_LABELS[s]]) },
    { name: "t", label: "Time range", value: view.t, options: TIMEFRAMES.map((t) => [t, TIMEFRAME_LABELS[t]]) },
  ];
  return <SelectsForm fields={fields} keep={keep} />;
}

export type SelectField = { name: string; label: string; value: string; options: [value: string, text: string][] };

/**
 * A GET form of selects that is the URL's state: with JavaScript a change navigates at once, without
 * it an 'Apply' button sends it (a list's sort, the moderation log's filters).
 */
export function SelectsForm({ fields, keep = {} }: { fields: SelectField[]; keep?: Record<string, string> }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { search } = useLocation();
  const select = "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm";
  return (
    <Form
      key={search}
      method="get"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 shadow-sm"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <HiddenFields fields={keep} />
      {fields.map((field) => (
        <div key={field.name} className="flex items-center gap-2">
          <label htmlFor={`list-${field.name}`} className="text-sm font-medium">
            {field.label}
          </label>
          <select id={`list-${field.name}`} name={field.name} defaultValue={field.value} className={select}>
            {field.options.map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
      ))}
      {hydrated ? null : (
        <button type="submit" className={buttonClass()}>
          Apply
        </button>
      )}
    </Form>
  );
}
