import { useLocation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/home";
import { page } from "~/http/answers/page-problem.server.ts";
import { internal } from "~/lib/problem.ts";
import { useRevalidateWhileVisible, useRootData } from "~/components/hooks.ts";
import { HomeSidebar, memberHref, type SidebarList } from "~/components/home-sidebar.tsx";
import { PostList } from "~/components/post-card.tsx";
import { LazyFollowSuggestions } from "~/components/lazy-parts.tsx";
import { FEED_PAGE, MAX_LIST, pageClock, type TopContributor } from "~/lib/browse.ts";
import { HomeQuerySchema } from "~/rules/schemas/browse-query.ts";
import { feedLink, pageCard, siteCardImage } from "~/lib/seo.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { listFeedPosts } from "~/models/post/index.server.ts";
import { listFollowingPosts, suggestFollows } from "~/models/follow.server.ts";
import { editablePostIds } from "~/models/edit.server.ts";
import { signInProblem } from "~/http/guards.server.ts";
import { topContributorsThisWeek, topPostsThisWeek, type TopPost } from "~/models/post/week-sidebar.server.ts";
import { siteOrigin } from "~/http/origin.server.ts";
import { visitorMutesFor } from "~/http/cookies/mute-cookie.server.ts";
import { mutingFor } from "~/models/mute/mute.server.ts";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";
import { CreatePostBox, EmptyFeed, FeedControls, feedHref } from "~/components/feed/feed-controls.tsx";
import { LoadMore } from "~/components/feed/load-more.tsx";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  const title = `${siteName} — the funniest comments from YouTube`;
  const description = "Share and vote on the funniest comments found under YouTube videos.";
  return [
    { title },
    { name: "description", content: description },
    ...(loaderData ? pageCard({ siteName, url: `${loaderData.origin}/`, title, description, image: loaderData.card }) : []),
    feedLink(`${siteName}: new posts`, "/feed.xml"),
    feedLink(`${siteName}: hot`, "/hot.xml"),
  ];
};

/** A sidebar list that fails alone, with docs/product.md §8's message, instead of taking the feed down. */
function sidebarList<T>(message: string, load: () => T[]): SidebarList<T> {
  try {
    return { items: load(), error: null };
  } catch (error) {
    console.error(`${message}:`, error);
    return { items: [], error: message };
  }
}

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", input: HomeQuerySchema, reads: ["post-lists", "week-sidebar", "top-contributors", "blocked", "mutes"] }, async ({ request, user, input }) => {
  const url = new URL(request.url);
  const { sort, t, q, limit } = input;
  // 'Following' is for members: a visitor signs in and comes back to it.
  if (sort === "following" && !user) throw signInProblem("/?sort=following", FOLLOWING_SIGN_IN);
  const now = pageClock();
  // A visitor's mutes (their cookie); a member's own are read by their id in every list.
  const visitorMutes = visitorMutesFor(request, user);
  let rows;
  try {
    // One more than shown tells whether 'Load More' has anything to add.
    rows =
      sort === "following" && user
        ? listFollowingPosts({ followerId: user.id, limit: limit + 1 })
        : listFeedPosts({ sort: sort === "following" ? "new" : sort, timeframe: t, q, limit: limit + 1, viewerId: user?.id, visitorMutes, now });
  } catch (error) {
    console.error("home feed:", error);
    throw internal("Failed to fetch posts");
  }
  const topPosts: SidebarList<TopPost> = sidebarList("Failed to fetch trending posts", () => topPostsThisWeek({ viewerId: user?.id, visitorMutes }));
  const contributors: SidebarList<TopContributor> = sidebarList("Failed to fetch top contributors", () =>
    topContributorsThisWeek(5, { viewerId: user?.id }),
  );
  const muting = mutingFor(user?.id, visitorMutes);
  return {
    // An empty Following feed says whom to follow: this week's top contributors.
    suggestions: sort === "following" && user && rows.length === 0 ? suggestFollows({ followerId: user.id, people: contributors.items }) : [],
    posts: rows.slice(0, limit),
    // The cards that offer 'Edit' to this member (their own within the window; every one to an admin).
    editable: editablePostIds(rows.slice(0, limit), user),
    hasMore: rows.length > limit && limit < MAX_LIST,
    view: { sort, t, q, limit },
    now,
    origin: siteOrigin(request),
    // The preview image, made here so the page's JavaScript carries none of it.
    card: siteCardImage(siteOrigin(request), getEnv().SITE_NAME),
    // The no-JS form of the 'Sign Up Required' dialog (a visitor followed 'Load More').
    signUpPrompt: !user && url.searchParams.has("signup"),
    topPosts,
    contributors,
    // 'Hide what I've read' (members).
    hideRead: muting.hideRead,
  };
});

const FOLLOWING_SIGN_IN = { type: "error", title: "Authentication required", description: "Please sign in to see posts from people you follow." } as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { posts, editable, hasMore, view, now, origin, signUpPrompt, topPosts, contributors, suggestions, hideRead } = loaderData;
  const { user, timeZone } = useRootData();
  useRevalidateWhileVisible(20_000, 10_000);

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-4">
        <h1 className="sr-only">Home feed</h1>
        <CreatePostBox name={user?.displayName ?? null} />
        <FeedControls view={view} signedIn={Boolean(user)} />
        {user ? (
          // 'Hide what I've read' (decision 0125): a plain form, POST /mutes → 303 back → toast.
          <form method="post" action="/mutes" className="text-right">
            <button type="submit" name="intent" value={hideRead ? "show-read" : "hide-read"} role="switch" aria-checked={hideRead} className="chip">
              Hide what I've read
            </button>
          </form>
        ) : null}
        {view.q ? (
          <p className="text-sm text-slate-700">
            Posts matching “{view.q}” ·{" "}
            <Link
              to={feedHref({ ...view, q: "", limit: FEED_PAGE })}
              className="font-semibold text-brand hover:underline"
            >
              Clear search
            </Link>
          </p>
        ) : null}
        {posts.length === 0 ? (
          view.q ? (
            <p className="rounded-xl border border-slate-200 bg-white p-8 text-center">
              No results found for "{view.q}"
            </p>
          ) : view.sort === "following" ? (
            <LazyFollowSuggestions people={suggestions} />
          ) : (
            <EmptyFeed signedIn={Boolean(user)} />
          )
        ) : (
          <PostList
            posts={posts}
            editable={editable}
            signedIn={Boolean(user)}
            origin={origin}
            timeZone={timeZone}
            now={now}
            profileHref={(id) => memberHref(`/profile/${id}`, Boolean(user))}
          />
        )}
        {hasMore ? (
          <LoadMore
            view={view}
            signedIn={Boolean(user)}
            promptOpen={signUpPrompt}
            lastPostId={posts[posts.length - 1].id}
          />
        ) : null}
      </div>
      <HomeSidebar topPosts={topPosts} contributors={contributors} signedIn={Boolean(user)} />
    </div>
  );
}

export function ErrorBoundary() {
  const { pathname, search } = useLocation();
  return <GeneralErrorBoundary title="Error loading posts" fallback="Failed to fetch posts" actions={<RetryLink to={`${pathname}${search}`} />} />;
}
