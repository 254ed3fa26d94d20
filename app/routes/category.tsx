import { useLocation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/category";
import { page } from "~/http/answers/page-problem.server.ts";
import { internal, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { CategoryDrawer, CategoryLinks, listHref, SortForm } from "~/components/category/category-nav.tsx";
import { FeedLink } from "~/components/atom-link.tsx";
import { useRootData } from "~/components/hooks.ts";
import { PostList } from "~/components/post-card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { CATEGORY_PAGE, MAX_LIST, pageClock, type CategoryCount } from "~/lib/browse.ts";
import { categoryFromSlug, categorySlug } from "~/lib/category-list.ts";
import { CategoryQuerySchema } from "~/rules/schemas/browse-query.ts";
import { feedLink, pageCard, siteCardImage } from "~/lib/seo.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { listCategoryPosts } from "~/models/post/index.server.ts";
import { categoryCounts } from "~/models/post/week-sidebar.server.ts";
import { siteOrigin } from "~/http/origin.server.ts";
import { editablePostIds } from "~/models/edit.server.ts";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/ui/general-error-boundary.tsx";
import { LinkButton } from "~/components/ui/button.tsx";
import { visitorMutesFor } from "~/http/cookies/mute-cookie.server.ts";

// One screen for /category/{name} and /categories (all of them).

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  const heading = loaderData?.category
    ? `${loaderData.category} Comments`
    : loaderData
      ? "All Categories"
      : NOT_FOUND.category;
  const category = loaderData?.category;
  const description = category
    ? `The funniest ${category} comments from YouTube, shared and voted on at ${siteName}.`
    : `Every category of funny YouTube comments on ${siteName}.`;
  const path = category ? `/category/${categorySlug(category)}` : "/categories";
  return [
    { title: `${heading} | ${siteName}` },
    { name: "description", content: description },
    ...(loaderData ? pageCard({ siteName, url: `${loaderData.origin}${path}`, title: heading, description, image: loaderData.card }) : []),
    category ? feedLink(`${category} Comments`, `/category/${categorySlug(category)}/feed.xml`) : feedLink(`${siteName}: new posts`, "/feed.xml"),
  ];
};

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", input: CategoryQuerySchema, reads: ["post-lists", "blocked", "mutes"] }, ({ request, params, user, input }) => {
  const slug = "name" in params ? params.name : undefined;
  const category = slug === undefined ? null : categoryFromSlug(slug);
  if (slug !== undefined && !category)
    throw notFound(`There is no category called '${slug}'.`);
  const { sort, t, limit } = input;
  const now = pageClock();
  let rows;
  try {
    rows = listCategoryPosts({ category, sort, timeframe: t, limit: limit + 1, viewerId: user?.id, visitorMutes: visitorMutesFor(request, user), now });
  } catch (error) {
    console.error("category posts:", error);
    throw internal("Failed to fetch posts");
  }
  let counts: CategoryCount[] | null = null;
  try {
    counts = categoryCounts({ viewerId: user?.id, visitorMutes: visitorMutesFor(request, user) });
  } catch (error) {
    console.error("category counts:", error);
  }
  return {
    category,
    posts: rows.slice(0, limit),
    editable: editablePostIds(rows.slice(0, limit), user),
    hasMore: rows.length > limit && limit < MAX_LIST,
    view: { sort, t, limit },
    counts,
    now,
    origin: siteOrigin(request),
    card: siteCardImage(siteOrigin(request), getEnv().SITE_NAME),
  };
});

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, posts, editable, hasMore, view, counts, now, origin } = loaderData;
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
        <div className="flex flex-wrap items-center gap-3">
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
          <PostList posts={posts} editable={editable} signedIn={Boolean(user)} origin={origin} timeZone={timeZone} now={now} />
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

export function ErrorBoundary() {
  const allCategories = <LinkButton to="/categories">All Categories</LinkButton>;
  return (
    <GeneralErrorBoundary
      title="Error loading posts"
      fallback="Failed to fetch posts"
      actions={allCategories}
      statusHandlers={{ 404: ({ message }) => <ErrorPanel title={NOT_FOUND.category} message={message ?? NOT_FOUND.category} alert={false}>{allCategories}</ErrorPanel> }}
    />
  );
}
