import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import type { ActionReply } from "~/lib/interact.ts";
import type { PostView } from "~/lib/browse.ts";
import { JsField, useInteractionReply } from "../interaction.tsx";
import { PostCard, type PostCardProps } from "../post-card.tsx";

/** The URL with the confirmation step added (a post id) or removed (null). */
function withConfirm(pathname: string, search: string, postId: number | null): string {
  const params = new URLSearchParams(search);
  if (postId === null) params.delete("confirm");
  else params.set("confirm", `delete-post-${postId}`);
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/** The confirmation step: a form posting to /post/:id/delete ('Post deleted'), or Cancel. */
function ConfirmDelete({ post, cancelHref }: { post: PostView; cancelHref: string }) {
  const fetcher = useFetcher<ActionReply<{ postId: number }>>();
  const navigate = useNavigate();
  useInteractionReply(fetcher, () => navigate(cancelHref, { replace: true, preventScrollReset: true }));
  const busy = fetcher.state !== "idle";
  return (
    <div role="alertdialog" aria-labelledby={`confirm-${post.id}`} aria-describedby={`confirm-${post.id}-text`} className="mt-2 rounded-lg border border-red-300 bg-red-50 p-4">
      <h3 id={`confirm-${post.id}`} className="font-bold text-red-900">
        Delete this post?
      </h3>
      <p id={`confirm-${post.id}-text`} className="mt-1 text-sm text-red-900">
        “{post.title}” and its comments will be removed for everyone. This cannot be undone.
      </p>
      <fetcher.Form method="post" action={`/post/${post.id}/delete`} className="mt-3 flex gap-2">
        <JsField />
        <button type="submit" disabled={busy} className="rounded-full bg-red-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-800">
          {busy ? "Deleting…" : "Delete post"}
        </button>
        <Link to={cancelHref} replace preventScrollReset className="rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-semibold hover:bg-slate-100">
          Cancel
        </Link>
      </fetcher.Form>
    </div>
  );
}

/** The owner's own posts: each card with 'Delete', which opens its confirmation step. */
export function OwnerPostList({
  posts,
  confirmId,
  ...card
}: Omit<PostCardProps, "post" | "headingLevel"> & { posts: PostView[]; confirmId: number | null }) {
  const { pathname, search } = useLocation();
  return (
    <ol className="space-y-4" aria-label="Posts">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} {...card} />
          {confirmId === post.id ? (
            <ConfirmDelete post={post} cancelHref={withConfirm(pathname, search, null)} />
          ) : (
            <div className="mt-1 text-right">
              <Link
                to={`${withConfirm(pathname, search, post.id)}#post-${post.id}`}
                preventScrollReset
                className="text-sm font-semibold text-red-700 hover:underline"
              >
                Delete<span className="sr-only"> post “{post.title}”</span>
              </Link>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
