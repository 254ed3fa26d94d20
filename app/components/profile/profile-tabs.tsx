import { useNavigation } from "react-router";
import { FEED_STEP, MAX_LIST } from "~/lib/browse.ts";
import { PROFILE_TABS, profilePath } from "~/rules/profile-rules.ts";
import { LinkButton } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { Tabs } from "../ui/tabs.tsx";

/** The five tabs, each a link with its own URL (aria-current on the open one), shown to everyone. */
export function ProfileTabs({ userId }: { userId: number }) {
  return (
    // On a narrow screen the five tabs wrap rather than scroll, so the open one is always in sight.
    <div className="rounded-xl border border-slate-200 bg-white px-2 shadow-sm [&_ul]:min-w-0 [&_ul]:flex-wrap">
      <Tabs label="Profile sections" tabs={PROFILE_TABS.map((tab) => ({ to: profilePath(userId, tab.key), label: tab.label }))} />
    </div>
  );
}

/** 'Load More': the same tab with 5 more (?limit=), landing on the last item already read. */
export function TabLoadMore({ path, limit, lastAnchor }: { path: string; limit: number; lastAnchor: string }) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.search.includes("limit=");
  const next = Math.min(limit + FEED_STEP, MAX_LIST);
  return (
    <div className="text-center">
      <LinkButton to={`${path}?limit=${next}#${lastAnchor}`} replace preventScrollReset aria-disabled={loading || undefined} variant="secondary" size="lg">
        {loading ? "Loading…" : "Load More"}
      </LinkButton>
    </div>
  );
}

/** A tab's empty or refused state. */
export function TabMessage({ title, message, children }: { title: string; message: React.ReactNode; children?: React.ReactNode }) {
  return (
    <EmptyState title={title} message={message} level={3}>
      {children}
    </EmptyState>
  );
}

/** A tab's content: a section named for screen readers (the tab links name it for the eye). */
export function TabSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="tab-title" className="space-y-4">
      <h2 id="tab-title" className="sr-only">
        {title}
      </h2>
      {children}
    </section>
  );
}
