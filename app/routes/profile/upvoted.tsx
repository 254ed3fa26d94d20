import type { Route } from "./+types/upvoted";
import { useRootData } from "~/components/hooks.ts";
import { PostList } from "~/components/post-card.tsx";
import { TabLoadMore, TabMessage, TabSection } from "~/components/profile/profile-tabs.tsx";
import { profilePath } from "~/rules/profile-rules.ts";
import { listUpvotedPosts } from "~/models/profile-lists.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { ProfileTabQuerySchema } from "~/rules/schemas/profile-input.ts";
import { pageOf, profileTab } from "~/routes/profile/profile-tab.server.ts";

// /profile/:id/upvoted — the posts the member upvoted, the latest vote first.

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", input: ProfileTabQuerySchema, reads: ["posts-by-ids", "thread", "blocked", "mutes"] }, (args) => {
  const tab = profileTab(args);
  const rows = listUpvotedPosts({ userId: tab.userId, limit: tab.limit + 1, viewerId: tab.viewerId, visitorMutes: tab.visitorMutes });
  return { ...pageOf(rows, tab.limit), limit: tab.limit, userId: tab.userId, now: tab.now, origin: tab.origin };
});

export default function ProfileUpvoted({ loaderData }: Route.ComponentProps) {
  const { items, hasMore, limit, userId, now, origin } = loaderData;
  const { user, timeZone } = useRootData();
  return (
    <TabSection title="Upvoted posts">
      {items.length === 0 ? (
        <TabMessage title="No upvoted posts yet" message="Posts this member upvotes show up here." />
      ) : (
        <PostList posts={items} signedIn={Boolean(user)} origin={origin} timeZone={timeZone} now={now} />
      )}
      {hasMore ? <TabLoadMore path={profilePath(userId, "upvoted")} limit={limit} lastAnchor={`post-${items[items.length - 1].id}`} /> : null}
    </TabSection>
  );
}
