import { data, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/home";
import { Avatar } from "~/components/avatar.tsx";
import { useRevalidateWhileVisible, useRootData } from "~/components/hooks.ts";
import { HomeSidebar, memberHref, type SidebarList } from "~/components/home-sidebar.tsx";
import { ModalLink } from "~/components/ui/dialog.tsx";
import { FeedLink } from "~/components/feed-link.tsx";
import { PostList } from "~/components/post-card.tsx";
import { FollowSuggestions } from "~/components/profile/follow-suggestions.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { buttonClass, LinkButton } from "~/components/ui/button.tsx";
import {
  FEED_PAGE,
  FEED_STEP,
  HOME_SORT_LABELS,
  HOME_SORTS,
  MAX_LIST,
  pageClock,
  SHARE_DIALOG_HREF,
  shareDialogHref,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type HomeSort,
  type Timeframe,
  type TopContributor,
} from "~/lib/browse.ts";
import { HomeQuerySchema, searchParamsObject } from "~/lib/schemas/browse.ts";
import { feedLink, pageCard } from "~/lib/seo.ts";
import { listFeedPosts } from "~/models/post/index.server.ts";
import { listFollowingPosts, suggestFollows } from "~/models/follow.server.ts";
import { requireUser } from "~/services/guards.server.ts";
import { topContributorsThisWeek, topPostsThisWeek, type TopPost } from "~/services/trending.server.ts";
import { siteOrigin } from "~/services/origin.server.ts";
import { getUser } from "~/services/session.server.ts";
import { GeneralErrorBoundary, RetryLink } from "~/components/ui/general-error-boundary.tsx";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  const title = `${siteName} — the funniest comments from YouTube`;
  const description = "Share and vote on the funniest comments found under YouTube videos.";
  return [
    { title },
    { name: "description", content: description },
    ...(loaderData ? pageCard({ siteName, url: `${loaderData.origin}/`, title, description }) : []),
    feedLink(`${siteName}: new posts`, "/feed.xml"),
    feedLink(`${siteName}: hot`, "/hot.xml"),
  ];
};

/** A sidebar list that fails alone, with SPEC §8's message, instead of taking the feed down. */
function sidebarList<T>(message: string, load: () => T[]): SidebarList<T> {
  try {
    return { items: load(), error: null };
  } catch (error) {
    console.error(`${message}:`, error);
    return { items: [], error: message };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { sort, t, q, limit } = HomeQuerySchema.parse(searchParamsObject(url));
  // 'Following' is for members: a visitor signs in and comes back to it.
  const user = sort === "following" ? await requireUser(request, { redirectTo: "/?sort=following", toast: FOLLOWING_SIGN_IN }) : await getUser(request);
  const now = pageClock();
  let rows;
  try {
    // One more than shown tells whether 'Load More' has anything to add.
    rows =
      sort === "following" && user
        ? listFollowingPosts({ followerId: user.id, limit: limit + 1 })
        : listFeedPosts({ sort: sort === "following" ? "new" : sort, timeframe: t, q, limit: limit + 1, viewerId: user?.id, now });
  } catch (error) {
    console.error("home feed:", error);
    throw data({ message: "Failed to fetch posts" }, { status: 500 });
  }
  const topPosts: SidebarList<TopPost> = sidebarList("Failed to fetch trending posts", topPostsThisWeek);
  const contributors: SidebarList<TopContributor> = sidebarList("Failed to fetch top contributors", () =>
    topContributorsThisWeek(5),
  );
  return {
    // An empty Following feed says whom to follow: this week's top contributors.
    suggestions: sort === "following" && user && rows.length === 0 ? suggestFollows({ followerId: user.id, people: contributors.items }) : [],
    posts: rows.slice(0, limit),
    hasMore: rows.length > limit && limit < MAX_LIST,
    view: { sort, t, q, limit },
    now,
    origin: siteOrigin(request),
    // The no-JS form of the 'Sign Up Required' dialog (a visitor followed 'Load More').
    signUpPrompt: !user && url.searchParams.has("signup"),
    topPosts,
    contributors,
  };
}

const FOLLOWING_SIGN_IN = { type: "error", title: "Authentication required", description: "Please sign in to see posts from people you follow." } as const;

type FeedView = { sort: HomeSort; t: Timeframe; q: string; limit: number };

/** The feed's URL for a view; defaults are left out so every view has one short, shareable address. */
function feedHref(view: FeedView, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (view.sort !== "hot") params.set("sort", view.sort);
  if (view.t !== "all") params.set("t", view.t);
  if (view.q) params.set("q", view.q);
  if (view.limit !== FEED_PAGE) params.set("limit", String(view.limit));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const search = params.toString();
  return search ? `/?${search}` : "/";
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { posts, hasMore, view, now, origin, signUpPrompt, topPosts, contributors, suggestions } = loaderData;
  const { user, timeZone } = useRootData();
  useRevalidateWhileVisible(20_000, 10_000);

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-4">
        <h1 className="sr-only">Home feed</h1>
        <CreatePostBox name={user?.displayName ?? null} />
        <FeedControls view={view} signedIn={Boolean(user)} />
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
            <FollowSuggestions people={suggestions} />
          ) : (
            <EmptyFeed signedIn={Boolean(user)} />
          )
        ) : (
          <PostList
            posts={posts}
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

function CreatePostBox({ name }: { name: string | null }) {
  return (
    <section
      aria-labelledby="create-post"
      className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <h2 id="create-post" className="sr-only">
        Create Post
      </h2>
      {name ? <Avatar name={name} /> : null}
      <Link
        to={SHARE_DIALOG_HREF}
        className="flex-1 rounded-full border border-slate-300 bg-slate-50 px-4 py-2 text-slate-600 hover:bg-slate-100"
      >
        Found a funny comment? Create Post
      </Link>
    </section>
  );
}

function FeedControls({ view, signedIn }: { view: FeedView; signedIn: boolean }) {
  const { search } = useLocation();
  const pill = "rounded-full px-3 py-1.5 text-sm font-semibold";
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
      <nav aria-label="Sort posts">
        <ul className="flex gap-1">
          {HOME_SORTS.filter((sort) => signedIn || sort !== "following").map((sort) => (
            <li key={sort}>
              <Link
                to={feedHref({ ...view, sort, limit: FEED_PAGE })}
                aria-current={sort === view.sort ? "page" : undefined}
                className={`${pill} ${sort === view.sort ? "bg-brand text-white" : "hover:bg-slate-100"}`}
              >
                {HOME_SORT_LABELS[sort]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex items-center gap-1">
      {/* The Following tab's feed is private: its link is on the member's profile (about tab). */}
      {view.sort === "following" ? null : <FeedLink href={view.sort === "hot" ? "/hot.xml" : "/feed.xml"} />}
      {/* Keyed by the URL so it closes after a choice. The Following feed has no time range. */}
      <details key={search} className={`relative ${view.sort === "following" ? "hidden" : ""}`}>
        <summary className={`${pill} cursor-pointer border border-slate-300 hover:bg-slate-100`}>
          <span className="sr-only">Time range: </span>
          {TIMEFRAME_LABELS[view.t]} <span aria-hidden="true">▾</span>
        </summary>
        <ul
          aria-label="Time range"
          className="absolute right-0 z-30 mt-1 w-40 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {TIMEFRAMES.map((t) => (
            <li key={t}>
              <Link
                to={feedHref({ ...view, t, limit: FEED_PAGE })}
                aria-current={t === view.t ? "page" : undefined}
                className={`block px-4 py-2 text-sm hover:bg-slate-100 ${t === view.t ? "font-bold text-brand" : ""}`}
              >
                {TIMEFRAME_LABELS[t]}
              </Link>
            </li>
          ))}
        </ul>
      </details>
      </div>
    </div>
  );
}

function EmptyFeed({ signedIn }: { signedIn: boolean }) {
  return (
    <EmptyState title="No posts yet" message="Be the first to share a funny comment you found on YouTube." level={2}>
      <LinkButton to={shareDialogHref(signedIn)}>Share a Comment</LinkButton>
    </EmptyState>
  );
}

/**
 * 'Load More' adds 5 (SPEC §4). Members: a link to ?limit=+5 (a client navigation in place with JS).
 * Visitors: the 'Sign Up Required' dialog with JS, its section (?signup=1) without; signing in from it
 * comes back with the feed grown by 5.
 */
function LoadMore({
  view,
  signedIn,
  promptOpen,
  lastPostId,
}: {
  view: FeedView;
  signedIn: boolean;
  promptOpen: boolean;
  lastPostId: number;
}) {
  const navigation = useNavigation();
  // Lands on the last post already read, the new ones below it.
  const more = `${feedHref({ ...view, limit: Math.min(view.limit + FEED_STEP, MAX_LIST) })}#post-${lastPostId}`;
  const button = "rounded-full border border-slate-300 bg-white px-6 py-2 font-semibold hover:bg-slate-100";
  if (signedIn) {
    const loading = navigation.state === "loading" && navigation.location.search.includes("limit=");
    return (
      <div id="load-more" className="text-center">
        <Link to={more} replace preventScrollReset className={button} aria-disabled={loading || undefined}>
          {loading ? "Loading…" : "Load More"}
        </Link>
      </div>
    );
  }
  const prompt = <SignUpPrompt redirectTo={more} />;
  if (promptOpen) {
    return (
      <section
        id="load-more"
        aria-labelledby="sign-up-required"
        className="rounded-xl border border-brand bg-white p-6 text-center"
      >
        <h2 id="sign-up-required" className="text-lg font-bold">
          Sign Up Required
        </h2>
        {prompt}
      </section>
    );
  }
  return (
    <div id="load-more" className="text-center">
      <ModalLink
        to={`${feedHref(view, { signup: "1" })}#load-more`}
        title="Sign Up Required"
        className={button}
        label="Load More"
      >
        {prompt}
      </ModalLink>
    </div>
  );
}

function SignUpPrompt({ redirectTo }: { redirectTo: string }) {
  return (
    <>
      <p className="mt-2 text-slate-700">Create a free account to keep reading: every Load More brings 5 more posts.</p>
      <div className="mt-4 flex justify-center gap-2">
        <Link to={`/auth?${new URLSearchParams({ signup: "true", redirectTo })}`} className={buttonClass()}>
          Sign Up
        </Link>
        <Link
          to={`/auth?${new URLSearchParams({ redirectTo })}`}
          className="rounded-full border border-slate-300 px-4 py-2 font-semibold hover:bg-slate-100"
        >
          Sign In
        </Link>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const { pathname, search } = useLocation();
  return <GeneralErrorBoundary title="Error loading posts" fallback="Failed to fetch posts" actions={<RetryLink to={`${pathname}${search}`} />} />;
}
