import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/search";
import { page } from "~/http/answers/page-problem.server.ts";
import { internal } from "~/lib/problem.ts";
import { Avatar } from "~/components/avatar.tsx";
import { useRootData } from "~/components/hooks.ts";
import { PostList } from "~/components/post-card.tsx";
import { pageClock } from "~/lib/browse.ts";
import { formatCount } from "~/lib/format.ts";
import { SearchPageQuerySchema, type SearchTab } from "~/rules/schemas/browse-query.ts";
import { searchEverything } from "~/models/post/index.server.ts";
import { siteOrigin } from "~/http/origin.server.ts";
import { editablePostIds } from "~/models/edit.server.ts";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary.tsx";
import { buttonClass } from "~/components/ui/button.tsx";
import { SortForm, viewParams } from "~/components/category/category-nav.tsx";
import { HiddenFields } from "~/components/ui/hidden-fields.tsx";
import type { ListSort, Timeframe } from "~/lib/browse.ts";
import { visitorMutesFor } from "~/http/cookies/mute-cookie.server.ts";

/**
 * How many of each list a tab shows: the All tab the first few of each, the others 20 of theirs. A
 * list the tab does not show is asked for one row only: its count, for the tab's label, comes with it.
 */
const SHOWN: Record<SearchTab, { posts: number; users: number }> = {
  all: { posts: 10, users: 5 },
  posts: { posts: 20, users: 1 },
  users: { posts: 1, users: 20 },
};
const EVERYTHING = { posts: 20, users: 20 };

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  return [
    { title: loaderData?.q ? `“${loaderData.q}” — Search | ${siteName}` : `Search | ${siteName}` },
    { name: "description", content: `Search the funny YouTube comments and members of ${siteName}.` },
  ];
};

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", input: SearchPageQuerySchema, reads: ["search-text", "search-counts", "member-search", "post-lists", "posts-by-ids", "blocked", "mutes"] }, ({ request, user, input }) => {
  const { q, tab, sort, t } = input;
  const now = pageClock();
  try {
    // Without a query the lists are the newest posts and the busiest members, counted as listed (20 each).
    const found = searchEverything({ q, limits: q ? SHOWN[tab] : EVERYTHING, viewerId: user?.id, visitorMutes: visitorMutesFor(request, user), sort, timeframe: t, now });
    // Only what the tab shows goes to the page (and into its data for hydration), and every count.
    const posts = { ...found.posts, posts: tab === "users" ? [] : found.posts.posts.slice(0, SHOWN[tab].posts) };
    const users = { ...found.users, users: tab === "posts" ? [] : found.users.users.slice(0, SHOWN[tab].users) };
    return { q, tab, view: { sort, t }, posts, users, editable: editablePostIds(posts.posts, user), now, origin: siteOrigin(request) };
  } catch (error) {
    console.error("search:", error);
    throw internal("Failed to fetch search results. Please try again.");
  }
});

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { q, tab, view, posts, users, editable, now, origin } = loaderData;
  const { user, timeZone } = useRootData();
  const postCount = `${formatCount(posts.total)}${posts.capped ? "+" : ""}`;
  const tabs: { id: SearchTab; label: string; count: string }[] = [
    { id: "all", label: "All", count: `${formatCount(posts.total + users.total)}${posts.capped ? "+" : ""}` },
    { id: "posts", label: "Posts", count: postCount },
    { id: "users", label: "Users", count: formatCount(users.total) },
  ];
  const nothing = q && posts.total === 0 && users.total === 0;
  const showPosts = tab !== "users";
  const showUsers = tab !== "posts";

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">Search</h1>
      <SearchForm q={q} keep={searchParams({ tab, view })} />
      <nav aria-label="Result types">
        <ul className="flex gap-1 border-b border-slate-200">
          {tabs.map((t) => (
            <li key={t.id}>
              <Link
                to={`/search?${new URLSearchParams(searchParams({ q, tab: t.id, view }))}`}
                aria-current={t.id === tab ? "page" : undefined}
                className={`-mb-px inline-block border-b-2 px-4 py-2 text-sm font-semibold ${t.id === tab ? "border-brand text-brand-dark" : "border-transparent text-slate-600 hover:text-slate-900"}`}
              >
                {t.label} <span className="ml-1 rounded-full bg-slate-100 px-2 text-xs text-slate-700">{t.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {showPosts ? <SortForm view={view} keep={searchParams({ q, tab })} /> : null}
      {!q ? <p className="text-slate-600">Showing all content. Type to search.</p> : null}
      {nothing ? (
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center">No results found for "{q}"</p>
      ) : (
        <>
          {showPosts ? (
            <ResultSection title="Posts" empty={posts.posts.length === 0 ? "No posts found." : null}>
              <PostList posts={posts.posts} editable={editable} signedIn={Boolean(user)} origin={origin} timeZone={timeZone} now={now} />
            </ResultSection>
          ) : null}
          {showUsers ? (
            <ResultSection title="Users" empty={users.users.length === 0 ? "No users found." : null}>
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
                {users.users.map((u) => (
                  <li key={u.id}>
                    <Link to={`/profile/${u.id}`} className="flex items-center gap-3 p-3 hover:bg-slate-50">
                      <Avatar name={u.displayName} />
                      <span className="min-w-0 flex-1">
                        <span dir="auto" className="block font-semibold">{u.username}</span>
                        {u.displayName !== u.username ? (
                          <span dir="auto" className="block text-sm text-slate-600">{u.displayName}</span>
                        ) : null}
                      </span>
                      <span className="text-sm text-slate-600">
                        {formatCount(u.postsCount)} {u.postsCount === 1 ? "post" : "posts"}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </ResultSection>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The search page's parameters that differ from their defaults (the address stays short). */
function searchParams({ q, tab, view }: { q?: string; tab?: SearchTab; view?: { sort: ListSort; t: Timeframe } }): Record<string, string> {
  return { ...(q ? { q } : {}), ...(tab && tab !== "all" ? { tab } : {}), ...(view ? viewParams(view) : {}) };
}

function ResultSection({ title, empty, children }: { title: string; empty: string | null; children: React.ReactNode }) {
  const id = `${title.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {empty ? <p className="text-slate-600">{empty}</p> : children}
    </section>
  );
}

/** A GET form (works without JS); with JS the address follows the typing, replaced, 500 ms after it stops. */
function SearchForm({ q, keep }: { q: string; keep: Record<string, string> }) {
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back/forward: show the query of the page we are on, unless the user is typing.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="flex gap-2"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 500);
      }}
    >
      <HiddenFields fields={keep} />
      <label htmlFor="search-q" className="sr-only">
        Search posts and users
      </label>
      <input
        ref={input}
        id="search-q"
        type="search"
        name="q"
        defaultValue={q}
        maxLength={100}
        placeholder="Search posts, users..."
        className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2"
      />
      <button type="submit" className={buttonClass()}>
        Search
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Search" fallback="Failed to fetch search results. Please try again." actions={null} />;
}
