import type { Route } from "./+types/posts";
import { useRootData } from "~/components/hooks.ts";
import { OwnerPostList } from "~/components/profile/owner-post-list.tsx";
import { TabLoadMore, TabMessage, TabSection } from "~/components/profile/profile-tabs.tsx";
import { PostList } from "~/components/post-card.tsx";
import { profilePath } from "~/rules/profile-rules.ts";
import { listUserPosts } from "~/models/profile-lists.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { ProfileTabQuerySchema } from "~/rules/schemas/profile-input.ts";
import { pageOf, profileTab } from "~/routes/profile/profile-tab.server.ts";
import { editablePostIds } from "~/models/edit.server.ts";
import { heldItemsOf } from "~/models/spam/held.server.ts";
import { LazyHeldList } from "~/components/lazy-parts.tsx";

// /profile/:id — the member's posts, newest first. On your own, each post offers 'Delete', confirmed
// in a second step that is URL state (?confirm=delete-post-12, the UI kit's ConfirmForm), and a new
// member's posts that wait for a moderator come first, marked (only they see them).

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", input: ProfileTabQuerySchema, reads: ["posts-by-ids", "thread", "blocked", "mutes"] }, (args) => {
  const tab = profileTab(args);
  const { items, hasMore } = pageOf(listUserPosts({ userId: tab.userId, limit: tab.limit + 1, viewerId: tab.viewerId, visitorMutes: tab.visitorMutes }), tab.limit);
  return {
    posts: items,
    waiting: tab.isOwner && args.user?.newcomer ? heldItemsOf(tab.userId, "post").map(({ id, title, content }) => ({ id, title, content })) : [],
    editable: editablePostIds(items, args.user),
    hasMore,
    limit: tab.limit,
    userId: tab.userId,
    isOwner: tab.isOwner,
    now: tab.now,
    origin: tab.origin,
  };
});

export default function ProfilePosts({ loaderData }: Route.ComponentProps) {
  const { posts, waiting, editable, hasMore, limit, userId, isOwner, now, origin } = loaderData;
  const { user, timeZone } = useRootData();
  const card = { signedIn: Boolean(user), origin, timeZone, now };
  return (
    <TabSection title="Posts">
      {waiting.length > 0 ? <LazyHeldList items={waiting} label="Your posts waiting for review" testId="held-post" /> : null}
      {posts.length === 0 ? (
        waiting.length > 0 ? null : <TabMessage title="No posts yet" message={isOwner ? "Share a funny comment and it shows up here." : "Nothing shared yet."} />
      ) : isOwner ? (
        <OwnerPostList posts={posts} editable={editable} {...card} />
      ) : (
        <PostList posts={posts} editable={editable} {...card} />
      )}
      {hasMore ? <TabLoadMore path={profilePath(userId)} limit={limit} lastAnchor={`post-${posts[posts.length - 1].id}`} /> : null}
    </TabSection>
  );
}
