import { Suspense, useState } from "react";
import { Link } from "~/components/ui/link.tsx";
import { formatCount } from "~/lib/format.ts";
import { lazyComponent } from "./lazy.tsx";
import { useHydrated } from "./hooks.ts";
import { CommentIcon } from "./icons.tsx";

// The thread's code (fetching it, comments, replies, the comment box) loads when a card's comments
// first open.
const thread = lazyComponent(() => import("./comments/card-thread.tsx").then((m) => m.CardThread));
const loadingComments = <p className="text-sm text-slate-600">Loading comments...</p>;

const cls = "action";

// The card's way into its thread. Without JS: a link to /post/:id#comments. With JS: a button
// that expands the thread in place (it takes a full row: give the card's action row flex-wrap),
// refetching GET /api/posts/:id/comments each time it opens, with a toast when there are none.
export function CommentsToggle({ postId, videoId, count }: { postId: number; videoId: string; count: number }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const label = (
    <>
      <CommentIcon />
      {` ${formatCount(count)} ${count === 1 ? "comment" : "comments"}`}
    </>
  );

  if (!hydrated) {
    return (
      <Link to={`/post/${postId}#comments`} className={cls}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={`thread-${postId}`} onClick={() => setOpen(!open)} className={cls}>
        {label}
      </button>
      {open ? (
        <div id={`thread-${postId}`} className="w-full basis-full pt-2">
          <Suspense fallback={loadingComments}>
            <thread.Component postId={postId} videoId={videoId} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
