import { Link } from "~/components/ui/link.tsx";
import type { TopContributor } from "~/lib/browse.ts";
import { HOME_CATEGORIES, categorySlug } from "~/lib/category-list.ts";
import { formatCount, formatScore } from "~/lib/format.ts";
import { AvatarLink } from "./avatar.tsx";
import { ModalLink } from "./ui/modal-link.tsx";
import { Panel } from "./ui/card.tsx";

type TopPost = { id: number; title: string; userId: number | null; username: string; score: number };
export type SidebarList<T> = { items: T[]; error: string | null };

/** Where a visitor goes instead of a member-only page: /auth, with a toast, then back here. */
export function memberHref(path: string, signedIn: boolean): string {
  return signedIn ? path : `/sign-in-required?${new URLSearchParams({ redirectTo: path })}`;
}


function CategoryChips({ categories }: { categories: readonly string[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-2">
      {categories.map((c) => (
        <li key={c}>
          <Link
            to={`/category/${categorySlug(c)}`}
            className="pill"
          >
            {c}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Failed({ message }: { message: string }) {
  return <p className="text-sm text-red-700">{message}</p>;
}

/** The home page's right column (hidden under 768 px): the week's top posts and contributors, categories. */
export function HomeSidebar({
  topPosts,
  contributors,
  signedIn,
}: {
  topPosts: SidebarList<TopPost>;
  contributors: SidebarList<TopContributor>;
  signedIn: boolean;
}) {
  return (
    <aside aria-label="Trending" className="hidden space-y-4 md:block">
      <Panel id="top-comments" title="Top Comments This Week">
        {topPosts.error ? <Failed message={topPosts.error} /> : null}
        {!topPosts.error && topPosts.items.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing this week yet.</p>
        ) : null}
        <ol className="ranked space-y-3">
          {topPosts.items.map((post, i) => (
            <li key={post.id}>
              <span aria-hidden="true">
                {i + 1}
              </span>
              <div className="min-w-0">
                <Link
                  to={memberHref(`/post/${post.id}`, signedIn)}
                  className="name line-clamp-2"
                  dir="auto"
                >
                  {post.title}
                </Link>
                <p>
                  {post.userId !== null ? (
                    <Link to={memberHref(`/profile/${post.userId}`, signedIn)} dir="auto" className="hover:underline">
                      {post.username}
                    </Link>
                  ) : (
                    post.username
                  )}
                  {` · ${formatScore(post.score)} points`}
                </p>
              </div>
            </li>
          ))}
        </ol>
      </Panel>

      <Panel id="top-contributors" title="Top Contributors This Week">
        {contributors.error ? <Failed message={contributors.error} /> : null}
        {!contributors.error && contributors.items.length === 0 ? (
          <p className="text-sm text-slate-600">No votes this week yet.</p>
        ) : null}
        <ol className="people space-y-2">
          {contributors.items.map((c) => (
            <li key={c.id}>
              <AvatarLink name={c.username} size="sm" to={memberHref(`/profile/${c.id}`, signedIn)} />
              <Link
                to={memberHref(`/profile/${c.id}`, signedIn)}
                className="name min-w-0 flex-1 truncate"
                dir="auto"
              >
                {c.username}
              </Link>
              <span>{`${formatCount(c.upvotes)} upvotes`}</span>
            </li>
          ))}
        </ol>
      </Panel>

      <Panel id="trending-categories" title="Trending Categories">
        <CategoryChips categories={HOME_CATEGORIES.slice(0, 8)} />
        <ModalLink
          to="/categories"
          title="All Categories"
          label="View All"
          className="mt-3 inline-block text-sm font-semibold text-brand hover:underline"
        >
          <CategoryChips categories={HOME_CATEGORIES} />
          <Link to="/categories" className="mt-4 inline-block text-sm font-semibold text-brand hover:underline">
            Browse every category
          </Link>
        </ModalLink>
      </Panel>
    </aside>
  );
}
