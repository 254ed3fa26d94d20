import type { Route } from "./+types/moderation";
import { Link } from "~/components/ui/link.tsx";
import { Time } from "~/components/ui/time.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";
import { useRootData } from "~/components/hooks.ts";
import { SelectsForm, type SelectField } from "~/components/category/category-nav.tsx";
import { page } from "~/http/answers/page-problem.server.ts";
import { internal } from "~/lib/problem.ts";
import { feedLink, pageCard, siteCardImage } from "~/lib/seo.ts";
import { siteOrigin } from "~/http/origin.server.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { CATEGORIES, DEFAULT_CATEGORY } from "~/lib/category-list.ts";
import { formatDateTime, plural } from "~/lib/format.ts";
import { listPublicLog } from "~/models/moderation/public-log.server.ts";
import { actorText, KIND_LABELS, moderationLogHref, MODERATION_LOG_PAGE, type ModerationKind } from "~/rules/moderation-log-rules.ts";
import { ModerationLogPageQuerySchema } from "~/rules/schemas/moderation-log.ts";

// /moderation: every moderation action, newest first, for anyone (docs/product.md §6 "Moderation
// log"). Filters and pages are the URL (?category=&kind=&before=), so it all works without JavaScript.

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  const description = `Every moderation action on ${siteName}: removals, suspensions, role changes and more, newest first.`;
  return [
    { title: `Moderation log | ${siteName}` },
    { name: "description", content: description },
    ...(loaderData ? pageCard({ siteName, url: `${loaderData.origin}/moderation`, title: "Moderation log", description, image: loaderData.card }) : []),
    feedLink(`${siteName}: moderation log`, "/moderation/feed.xml"),
  ];
};

// It reads no cache: one index range of the log and the live titles by primary key.
export const loader = page({ who: "anyone", input: ModerationLogPageQuerySchema, reads: [] }, ({ request, input }) => {
  try {
    const origin = siteOrigin(request);
    const log = listPublicLog({ ...input, limit: MODERATION_LOG_PAGE });
    return { filter: { category: input.category, kind: input.kind }, before: input.before ?? null, ...log, origin, card: siteCardImage(origin, getEnv().SITE_NAME) };
  } catch (error) {
    console.error("moderation log:", error);
    throw internal("Failed to load the moderation log. Please try again.");
  }
});

const KINDS = Object.entries(KIND_LABELS) as [ModerationKind, string][];

function FilterForm({ category, kind }: { category?: string; kind?: ModerationKind }) {
  const fields: SelectField[] = [
    { name: "category", label: "Category", value: category ?? "", options: [["", "All categories"], ...[...CATEGORIES, DEFAULT_CATEGORY].map((c): [string, string] => [c, c])] },
    { name: "kind", label: "Kind", value: kind ?? "", options: [["", "All kinds"], ...KINDS] },
  ];
  return <SelectsForm fields={fields} />;
}

export default function ModerationLog({ loaderData }: Route.ComponentProps) {
  const { filter, before, entries, next } = loaderData;
  const { timeZone } = useRootData();
  const filtered = Boolean(filter.category || filter.kind);
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Moderation log</h1>
        <a href={moderationLogHref("/moderation/feed.xml", filter)} className="text-sm underline">
          Atom feed
        </a>
      </div>
      <p className="text-slate-700">
        Every moderation action on this site, newest first: who acted (by role), on what, why and when. Removed text is not shown again, and
        nobody who reported is named.
      </p>
      <FilterForm category={filter.category} kind={filter.kind} />
      {entries.length === 0 ? (
        <EmptyState level={2} title={filtered ? "Nothing matches these filters" : "No moderation actions yet"} message="Actions are listed here as they are taken." />
      ) : (
        <ol aria-label="Moderation actions, newest first" className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {entries.map((e) => (
            <li key={e.id} id={`entry-${e.id}`} className="space-y-1 p-3">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{e.text}</span>
                {e.href ? (
                  <Link to={e.href} className="min-w-0 break-words underline">
                    {e.title}
                  </Link>
                ) : (
                  <span className="text-slate-700">{e.title}</span>
                )}
                {e.category ? <span className="rounded-full bg-slate-100 px-2 text-xs text-slate-800">{e.category}</span> : null}
              </div>
              {e.reason ? <p className="break-words text-slate-800">Reason: {e.reason}</p> : null}
              <p className="text-sm text-slate-700">
                by {actorText(e.actor)}
                {e.reports ? ` · ${plural(e.reports, "report")}` : ""} ·{" "}
                <Time value={e.at} timeZone={timeZone}>
                  {formatDateTime(e.at, timeZone)}
                </Time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Pages" className="flex gap-3">
        {before ? (
          <Link to={moderationLogHref("/moderation", filter)} className={buttonClass({ variant: "secondary" })}>
            Newest
          </Link>
        ) : null}
        {next ? (
          <Link to={moderationLogHref("/moderation", { ...filter, before: next })} className={buttonClass({ variant: "secondary" })}>
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary fallback="Failed to load the moderation log" actions={<RetryLink to="/moderation" />} />;
}
