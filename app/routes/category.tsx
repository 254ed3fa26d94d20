import { data, Form, Link, useLocation, useSubmit } from "react-router";
import type { Route } from "./+types/category";
import { FeedLink } from "~/components/feed-link.tsx";
import { useHydrated, useRootData } from "~/components/hooks.ts";
import { MenuIcon } from "~/components/icons.tsx";
import { PostList } from "~/components/post-card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import {
  CATEGORY_PAGE,
  LIST_SORT_LABELS,
  LIST_SORTS,
  MAX_LIST,
  pageClock,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type CategoryCount,
  type ListSort,
  type Timeframe,
} from "~/lib/browse.ts";
import { categoryFromSlug, categorySlug } from "~/lib/categories.ts";
import { formatCount } from "~/lib/format.ts";
import { CategoryQuerySchema, searchParamsObject } from "~/lib/schemas/browse.ts";
import { feedLink, pageCard } from "~/lib/seo.ts";
import { listCategoryPosts } from "~/models/post/index.server.ts";
import { categoryCounts } from "~/services/trending.server.ts";
import { siteOrigin } from "~/services/origin.server.ts";
import { getUser } from "~/services/session.server.ts";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/ui/general-error-boundary.tsx";
import { LinkButton } from "~/components/ui/button.tsx";
import { buttonClass } from "~/components/ui/button.tsx";

// One screen for /category/{name} and /categories (all of them).

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  const heading = loaderData?.category
    ? `${loaderData.category} Comments`
    : loaderData
      ? "All Categories"
      : "Category not found";
  const category = loaderData?.category;
  const description = category
    ? `The funniest ${category} comments from YouTube, shared and voted on at ${siteName}.`
    : `Every category of funny YouTube comments on ${siteName}.`;
  const path = category ? `/category/${categorySlug(category)}` : "/categories";
  return [
    { title: `${heading} | ${siteName}` },
    { name: "description", content: description },
    ...(loaderData ? pageCard({ siteName, url: `${loaderData.origin}${path}`, title: heading, description }) : []),
    category ? feedLink(`${category} Comments`, `/category/${categorySlug(category)}/feed.xml`) : feedLink(`${siteName}: new posts`, "/feed.xml"),
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const slug = "name" in params ? params.name : undefined;
  const category = slug === undefined ? null : categoryFromSlug(slug);
  if (slug !== undefined && !category)
    throw data({ message: `There is no category called '${slug}'.` }, { status: 404 });
  const url = new URL(request.url);
  const { sort, t, limit } = CategoryQuerySchema.parse(searchParamsObject(url));
  const user = await getUser(request);
  const now = pageClock();
  let rows;
  try {
    rows = listCategoryPosts({ category, sort, timeframe: t, limit: limit + 1, viewerId: user?.id, now });
  } catch (error) {
    console.error("category posts:", error);
    throw data({ message: "Failed to fetch posts" }, { status: 500 });
  }
  let counts: CategoryCount[] | null = null;
  try {
    counts = categoryCounts();
  } catch (error) {
    console.error("category counts:", error);
  }
  return {
    category,
    posts: rows.slice(0, limit),
    hasMore: rows.length > limit && limit < MAX_LIST,
    view: { sort, t, limit },
    counts,
    now,
    origin: siteOrigin(request),
  };
}

type ListView = { sort: ListSort; t: Timeframe; limit: number };

function listHref(base: string, view: ListView): string {
  const params = new URLSearchParams();
  if (view.sort !== "newest") params.set("sort", view.sort);
  if (view.t !== "all") params.set("t", view.t);
  if (view.limit !== CATEGORY_PAGE) params.set("limit", String(view.limit));
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, posts, hasMore, view, counts, now, origin } = loaderData;
  const { user, timeZone } = useRootData();
  const { pathname } = useLocation();
  const heading = category ? `${category} Comments` : "All Categories";
  const lastId = posts.at(-1)?.id;
  return (
    <div className="gap-6 md:grid md:grid-cols-[13rem_minmax(0,1fr)]">
      <aside aria-label="Categories" className="hidden md:block">
        <CategoryLinks current={category} counts={counts} />
      </aside>
      <div className="min-w-0 space-y-4">
        <div className="flex items-center gap-3">
          <CategoryDrawer current={category} counts={counts} />
          <h1 className="text-2xl font-bold">{heading}</h1>
          <span className="ml-auto">
            <FeedLink href={category ? `/category/${categorySlug(category)}/feed.xml` : "/feed.xml"} />
          </span>
        </div>
        <SortForm view={view} />
        {posts.length === 0 ? (
          <EmptyState
            title="No posts found"
            message={
              category ? `There are no posts in the ${category} category yet.` : "There are no posts available yet."
            }
            level={2}
          />
        ) : (
          <PostList posts={posts} signedIn={Boolean(user)} origin={origin} timeZone={timeZone} now={now} />
        )}
        {hasMore && lastId ? (
          <div className="text-center">
            <Link
              to={`${listHref(pathname, { ...view, limit: Math.min(view.limit + CATEGORY_PAGE, MAX_LIST) })}#post-${lastId}`}
              replace
              preventScrollReset
              className="inline-block rounded-full border border-slate-300 bg-white px-6 py-2 font-semibold hover:bg-slate-100"
            >
              Load More
            </Link>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function CategoryLinks({ current, counts }: { current: string | null; counts: CategoryCount[] | null }) {
  const link = (active: boolean) =>
    `flex items-center justify-between rounded-lg px-3 py-1.5 text-sm ${active ? "bg-brand font-semibold text-white" : "hover:bg-slate-100"}`;
  const total = counts?.reduce((sum, c) => sum + c.postsCount, 0);
  return (
    <nav aria-label="Category list">
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
              {c.name} <span>{formatCount(c.postsCount)}</span>
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
function CategoryDrawer({ current, counts }: { current: string | null; counts: CategoryCount[] | null }) {
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
        <CategoryLinks current={current} counts={counts} />
      </div>
    </details>
  );
}

function SortForm({ view }: { view: ListView }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { search } = useLocation();
  const select = "rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm";
  const fields = [
    { name: "sort", label: "Sort", value: view.sort, options: LIST_SORTS.map((s) => [s, LIST_SORT_LABELS[s]]) },
    { name: "t", label: "Time range", value: view.t, options: TIMEFRAMES.map((t) => [t, TIMEFRAME_LABELS[t]]) },
  ];
  return (
    <Form
      key={search}
      method="get"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-2 shadow-sm"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
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

export function ErrorBoundary() {
  const allCategories = <LinkButton to="/categories">All Categories</LinkButton>;
  return (
    <GeneralErrorBoundary
      title="Error loading posts"
      fallback="Failed to fetch posts"
      actions={allCategories}
      statusHandlers={{ 404: ({ message }) => <ErrorPanel title="Category not found" message={message ?? "Category not found"} alert={false}>{allCategories}</ErrorPanel> }}
    />
  );
}
