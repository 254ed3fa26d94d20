// The home feed's controls: its URL for a view, the Create Post box, the sort and time bar, the empty state.
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { Avatar } from "../avatar.tsx";
import { FeedLink } from "../atom-link.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { LinkButton } from "../ui/button.tsx";
import {
  FEED_PAGE,
  HOME_SORT_LABELS,
  HOME_SORTS,
  SHARE_DIALOG_HREF,
  shareDialogHref,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type HomeSort,
  type Timeframe,
} from "~/lib/browse.ts";

export type FeedView = { sort: HomeSort; t: Timeframe; q: string; limit: number };

/** The feed's URL for a view; defaults are left out so every view has one short, shareable address. */
export function feedHref(view: FeedView, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (view.sort !== "hot") params.set("sort", view.sort);
  if (view.t !== "all") params.set("t", view.t);
  if (view.q) params.set("q", view.q);
  if (view.limit !== FEED_PAGE) params.set("limit", String(view.limit));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const search = params.toString();
  return search ? `/?${search}` : "/";
}

export function CreatePostBox({ name }: { name: string | null }) {
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

export function FeedControls({ view, signedIn }: { view: FeedView; signedIn: boolean }) {
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

export function EmptyFeed({ signedIn }: { signedIn: boolean }) {
  return (
    <EmptyState title="No posts yet" message="Be the first to share a funny comment you found on YouTube." level={2}>
      <LinkButton to={shareDialogHref(signedIn)}>Share a Comment</LinkButton>
    </EmptyState>
  );
}

/**
 * 'Load More' adds 5 (docs/product.md §4). Members: a link to ?limit=+5 (a client navigation in place with JS).
 * Visitors: the 'Sign Up Required' dialog with JS, its section (?signup=1) without; signing in from it
 * comes back with the feed grown by 5.
 */
