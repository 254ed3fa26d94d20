import { Link, NavLink, useNavigation } from "react-router";
import { FEED_STEP, MAX_LIST } from "~/lib/browse.ts";
import { PROFILE_TABS, profilePath } from "~/lib/profile.ts";

/** The five tabs, each a link with its own URL (aria-current on the open one), shown to everyone. */
export function ProfileTabs({ userId }: { userId: number }) {
  return (
    <nav aria-label="Profile sections" className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-1 shadow-sm">
      <ul className="flex gap-1">
        {PROFILE_TABS.map((tab) => (
          <li key={tab.key}>
            <NavLink
              to={profilePath(userId, tab.key)}
              end
              preventScrollReset
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-lg px-4 py-2 text-sm font-semibold ${isActive ? "bg-brand text-white" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** 'Load More': the same tab with 5 more (?limit=), landing on the last item already read. */
export function TabLoadMore({ path, limit, lastAnchor }: { path: string; limit: number; lastAnchor: string }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.search.includes("limit=");
  const next = Math.min(limit + FEED_STEP, MAX_LIST);
  return (
    <div className="text-center">
      <Link
        to={`${path}?limit=${next}#${lastAnchor}`}
        replace
        preventScrollReset
        aria-disabled={loading || undefined}
        className="inline-block rounded-full border border-slate-300 bg-white px-6 py-2 font-semibold hover:bg-slate-100"
      >
        {loading ? "Loading…" : "Load More"}
      </Link>
    </div>
  );
}

/** A tab's empty or refused state. */
export function TabMessage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
      <h2 className="text-lg font-bold">{title}</h2>
      {children ? <div className="mt-2 text-slate-700">{children}</div> : null}
    </div>
  );
}
