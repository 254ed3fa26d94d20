import type { Route } from "./+types/saved";
import { useRootData } from "~/components/hooks.ts";
import { PostList } from "~/components/post-card.tsx";
import { TabLoadMore, TabMessage, TabSection } from "~/components/profile/profile-tabs.tsx";
import { LinkButton } from "~/components/ui/button.tsx";
import { isProblem } from "~/lib/problem.ts";
import { profilePath } from "~/rules/profile-rules.ts";
import { listSavedPosts } from "~/models/profile-lists.server.ts";
import { signInPath } from "~/http/guards.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { ProfileTabQuerySchema } from "~/rules/schemas/profile-input.ts";
import { pageOf, profileTab } from "~/routes/profile/profile-tab.server.ts";

// /profile/:id/saved — the owner's saved posts, the latest save first. The tab is shown to everyone;
// listSavedPosts decides who sees what: another member 'Private Content', a visitor 'Authentication Required'.

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", input: ProfileTabQuerySchema, reads: ["posts-by-ids", "thread", "blocked", "mutes"] }, (args) => {
  const tab = profileTab(args);
  const base = { limit: tab.limit, userId: tab.userId, now: tab.now, origin: tab.origin, signIn: signInPath(profilePath(tab.userId, "saved")) };
  try {
    const rows = listSavedPosts({ userId: tab.userId, viewerId: tab.viewerId, limit: tab.limit + 1 });
    return { ...base, access: "owner" as const, ...pageOf(rows, tab.limit) };
  } catch (error) {
    if (!isProblem(error) || (error.kind !== "unauthorized" && error.kind !== "forbidden")) throw error;
    return { ...base, access: error.kind, items: [], hasMore: false };
  }
});

export default function ProfileSaved({ loaderData }: Route.ComponentProps) {
  const { access, items, hasMore, limit, userId, now, origin, signIn } = loaderData;
  const { user, timeZone } = useRootData();
  return (
    <TabSection title="Saved posts">
      {access === "unauthorized" ? (
        <TabMessage title="Authentication Required" message="Sign in to see your saved posts.">
          <LinkButton to={signIn}>Sign In</LinkButton>
        </TabMessage>
      ) : access === "forbidden" ? (
        <TabMessage title="Private Content" message="Saved posts are only visible to their owner." />
      ) : items.length === 0 ? (
        <TabMessage title="No saved posts yet" message="Save a post and it shows up here." />
      ) : (
        <PostList posts={items} signedIn={Boolean(user)} origin={origin} timeZone={timeZone} now={now} />
      )}
      {hasMore ? <TabLoadMore path={profilePath(userId, "saved")} limit={limit} lastAnchor={`post-${items[items.length - 1].id}`} /> : null}
    </TabSection>
  );
}
