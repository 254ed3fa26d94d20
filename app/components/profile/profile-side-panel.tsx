import { Link } from "~/components/ui/link.tsx";
import type { CategoryCount, TopContributor } from "~/lib/browse.ts";
import { formatCount } from "~/lib/format.ts";
import type { UserStats } from "~/rules/profile-rules.ts";
import { Avatar } from "../avatar.tsx";
import { Panel } from "../ui/card.tsx";


/** The profile's right column (hidden under 768 px): stats, trending categories, 4 popular contributors. */
export function ProfileSidePanel({
  stats,
  categories,
  contributors,
}: {
  stats: UserStats;
  categories: CategoryCount[];
  contributors: TopContributor[];
}) {
  const rows = [
    { label: "Posts", value: stats.posts },
    { label: "Comments", value: stats.comments },
    { label: "Upvotes received", value: stats.upvotesReceived },
  ];
  return (
    <aside aria-label="About this member" className="hidden space-y-4 md:block">
      <Panel id="user-stats" title="User Stats">
        <dl className="space-y-1 text-sm" data-testid="user-stats">
          {rows.map((r) => (
            <div key={r.label} className="flex justify-between">
              <dt className="text-slate-600">{r.label}</dt>
              <dd className="font-semibold">{formatCount(r.value)}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel id="trending-categories" title="Trending Categories">
        {categories.length ? (
          <ul className="flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={`/category/${c.slug}`} className="pill">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No posts yet.</p>
        )}
      </Panel>
      <Panel id="popular-contributors" title="Popular Contributors">
        {contributors.length ? (
          <ol className="space-y-2">
            {contributors.map((c) => (
              <li key={c.id}>
                <Link to={`/profile/${c.id}`} className="flex items-center gap-2 text-sm hover:underline">
                  <Avatar name={c.username} size="sm" />
                  <span dir="auto" className="flex-1 font-medium">{c.username}</span>
                  <span className="text-slate-600">{formatCount(c.upvotes)} upvotes</span>
                </Link>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">No contributors this week yet.</p>
        )}
      </Panel>
    </aside>
  );
}
