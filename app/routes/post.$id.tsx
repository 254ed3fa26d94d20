import { useMemo } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { Route } from "./+types/post.$id";
import { actsAsAdmin } from "~/http/contract.server.ts";
import { page } from "~/http/answers/page-problem.server.ts";
import { internal, notFound, NOT_FOUND } from "~/lib/problem.ts";
import { useSignInHref } from "~/components/auth-link.tsx";
import { CommentThread } from "~/components/comments/comment-thread.tsx";
import { LazyHeldList } from "~/components/lazy-parts.tsx";
import { heldCommentsOf } from "~/models/spam/held.server.ts";
import { FeedLink } from "~/components/atom-link.tsx";
import { useRootData } from "~/components/hooks.ts";
import { PostCard } from "~/components/post-card.tsx";
import { PLAY_PARAM, VideoPlayer } from "~/components/video-player.tsx";
import { VIDEO_ID_PATTERN } from "~/lib/video-url.ts";
import { pageClock } from "~/lib/browse.ts";
import { formatCount } from "~/lib/format.ts";
import { parseId } from "~/rules/schemas/id-field.ts";
import { feedLink, pageCard, postPreviewImage } from "~/lib/seo.ts";
import { ellipsize } from "~/lib/text.ts";
import { threadComments } from "~/lib/comment-thread.ts";
import { getPostThread } from "~/models/comment-thread.server.ts";
import { getPost, previewRevision } from "~/models/post/index.server.ts";
import { offersPostEdit } from "~/models/edit.server.ts";
import { threadWatchOf } from "~/models/watch.server.ts";
import { WatchButton } from "~/components/watch-button.tsx";
import { siteOrigin } from "~/http/origin.server.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { ErrorPanel, GeneralErrorBoundary } from "~/components/ui/general-error-boundary.tsx";
import { visitorMutesFor } from "~/http/cookies/mute-cookie.server.ts";
import { recordPostRead } from "~/models/mute/hide.server.ts";
import { isPrefetch } from "~/http/prefetch.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteName = (matches[0]?.loaderData as { siteName?: string } | undefined)?.siteName ?? "Chortle";
  if (!loaderData) {
    return [
      { title: `Post Not Found | ${siteName}` },
      { name: "description", content: "The post you're looking for doesn't exist or has been removed." },
    ];
  }
  const { post, origin, card: image } = loaderData;
  const url = `${origin}/post/${post.id}`;
  const description = `“${post.comment}” — ${post.commentAuthor}`;
  // Open Graph and Twitter cards: a shared link previews with the title, the quote and the thumbnail.
  return [
    { title: `${post.title} | ${siteName}` },
    { name: "description", content: description },
    ...pageCard({ siteName, url, title: post.title, description, image, type: "article" }),
    feedLink(`Comments on “${post.title}”`, `/post/${post.id}/comments.xml`),
  ];
};

// Its answers may be memoised (lib/route-handle.ts): the loader reads only the database, URL and cookies.
export const handle = { memo: true };

export const loader = page({ who: "anyone", reads: ["post", "thread", "blocked", "mutes"] }, async ({ request, params, user }) => {
  const id = parseId(params.id);
  if (id === null) throw notFound(NOT_FOUND.post);
  let post;
  let thread;
  try {
    post = getPost({ id, viewerId: user?.id });
    thread = post ? getPostThread({ postId: post.id, viewerId: user?.id, visitorMutes: visitorMutesFor(request, user) }) : null;
  } catch (error) {
    console.error("post page:", error);
    throw internal("Failed to fetch post");
  }
  if (!post || !thread) throw notFound(NOT_FOUND.post);
  // The member opened it: read from now on ('Hide what I've read'); a browser's prefetch is not opening.
  if (user && !isPrefetch(request)) recordPostRead({ userId: user.id, postId: post.id });
  // A new member's own comments that wait for a moderator (only a new account can have any).
  const held = user?.newcomer ? heldCommentsOf(user.id, post.id).map(({ id, content, parentId }) => ({ id, content, parentId })) : [];
  // An admin's powers only where the session may use them (the second factor included): no button the
  // server would then refuse.
  const viewer = user ? { id: user.id, isAdmin: await actsAsAdmin(request) } : null;
  const origin = siteOrigin(request);
  return {
    post,
    thread,
    held,
    now: pageClock(),
    origin,
    editWindowHours: getEnv().EDIT_WINDOW_HOURS,
    canEdit: offersPostEdit(post, viewer),
    // What the viewer follows here (not cached: one indexed read of their own rows).
    watch: user ? threadWatchOf({ viewerId: user.id, postId: post.id, authorId: post.userId }) : null,
    // The quote drawn (/post/{id}/preview.png), linked by its revision so an edit is a new picture.
    card: postPreviewImage(origin, post.id, previewRevision(post), `“${ellipsize(post.comment, 300)}” — ${post.commentAuthor}, quoted in “${post.title}”`),
  };
});

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, thread, held, now, origin, editWindowHours, canEdit, watch } = loaderData;
  const comments = useMemo(() => threadComments(thread), [thread]);
  const { user, timeZone } = useRootData();
  const signInHref = useSignInHref("comments");
  // ?play=1: 'Play here' pressed before or without JavaScript; this page holds the player.
  const playing = new URLSearchParams(useLocation().search).get(PLAY_PARAM) === "1";
  return (
    <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-[minmax(0,1fr)_20rem] lg:grid-cols-[minmax(0,1fr)_26rem]">
      <PostCard
        post={post}
        signedIn={Boolean(user)}
        origin={origin}
        timeZone={timeZone}
        now={now}
        headingLevel={1}
        canEdit={canEdit}
        player={
          VIDEO_ID_PATTERN.test(post.videoId) ? (
            <VideoPlayer key={post.id} videoId={post.videoId} title={post.videoTitle} start={post.videoStart} playing={playing} />
          ) : undefined
        }
      />
      <section aria-labelledby="comments-heading" className="card">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="comments-heading" className="text-lg font-bold">
            Comments ({formatCount(post.commentsCount)})
          </h2>
          {/* On a small phone its two buttons go under the heading, whole, rather than past the screen. */}
          <div className="flex shrink-0 items-center gap-1 whitespace-nowrap">
            {watch ? <WatchButton target="post" id={post.id} following={watch.post} isAuthor={watch.isAuthor} /> : null}
            <FeedLink href={`/post/${post.id}/comments.xml`} label="Comments feed" />
          </div>
        </div>
        {user ? null : (
          <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            <strong>Authentication limited:</strong>{" "}
            <Link to={signInHref} className="font-semibold underline">
              Sign in
            </Link>{" "}
            to comment and interact with this post.
          </p>
        )}
        {held.length > 0 ? <LazyHeldList items={held} label="Your comments waiting for review" testId="held-comment" /> : null}
        <CommentThread
          postId={post.id}
          videoId={post.videoId}
          comments={comments}
          viewer={user ? { id: user.id, username: user.username } : null}
          timeZone={timeZone}
          now={now}
          editWindowHours={editWindowHours}
          watchedComments={watch?.comments}
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      title="Error Loading Post"
      fallback="Failed to fetch post"
      statusHandlers={{ 404: () => <ErrorPanel title="Post Not Found" message="The post you're looking for doesn't exist or has been removed." alert={false} /> }}
    />
  );
}
