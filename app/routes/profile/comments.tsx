import { Link } from "~/components/ui/link.tsx";
import { Time } from "~/components/ui/time.tsx";
import type { Route } from "./+types/comments";
import { useRootData } from "~/components/hooks.ts";
import { TabLoadMore, TabMessage, TabSection } from "~/components/profile/profile-tabs.tsx";
import { formatRelative, formatScore } from "~/lib/format.ts";
import { profilePath } from "~/rules/profile-rules.ts";
import { listUserComments } from "~/models/profile-lists.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { ProfileTabQuerySchema } from "~/rules/schemas/profile-input.ts";
import { pageOf, profileTab } from "~/routes/profile/profile-tab.server.ts";

// /profile/:id/comments — the member's comments, newest first, each linking to its place in its post.

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", input: ProfileTabQuerySchema, reads: ["posts-by-ids", "thread", "blocked", "mutes"] }, (args) => {
  const tab = profileTab(args);
  const { items, hasMore } = pageOf(listUserComments({ userId: tab.userId, limit: tab.limit + 1, viewerId: tab.viewerId, visitorMutes: tab.visitorMutes }), tab.limit);
  return { comments: items, hasMore, limit: tab.limit, userId: tab.userId, now: tab.now };
});

export default function ProfileComments({ loaderData }: Route.ComponentProps) {
  const { comments, hasMore, limit, userId, now } = loaderData;
  const { timeZone } = useRootData();
  return (
    <TabSection title="Comments">
      {comments.length === 0 ? (
        <TabMessage title="No comments yet" message="Comments this member writes show up here." />
      ) : (
        <ol className="space-y-3" aria-label="Comments">
          {comments.map((c) => (
            <li key={c.id} id={`profile-comment-${c.id}`} className="card">
              <p className="text-sm text-slate-600">
                {c.parentId ? "Replied" : "Commented"} on{" "}
                <Link to={`/post/${c.postId}#comment-${c.id}`} dir="auto" className="font-semibold text-slate-900 hover:underline">
                  {c.postTitle}
                </Link>{" "}
                · <Time value={c.createdAt} timeZone={timeZone}>{formatRelative(c.createdAt, now, timeZone)}</Time>
              </p>
              <p dir="auto" className="mt-2 whitespace-pre-line break-words">{c.content}</p>
              <p className="mt-2 text-xs text-slate-600">{formatScore(c.upvotes - c.downvotes)} points</p>
            </li>
          ))}
        </ol>
      )}
      {hasMore ? <TabLoadMore path={profilePath(userId, "comments")} limit={limit} lastAnchor={`profile-comment-${comments[comments.length - 1].id}`} /> : null}
    </TabSection>
  );
}
