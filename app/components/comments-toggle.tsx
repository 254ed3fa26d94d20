import { Suspense, useCallback, useState } from "react";
import { Link } from "react-router";
import { formatCount } from "~/lib/format.ts";
import type { CommentView } from "~/lib/types.ts";
import type { ThreadViewer } from "./comments/comment-thread.tsx";
import { lazyComponent } from "./lazy.tsx";
import { useHydrated, useRootData } from "./hooks.ts";
import { showToast } from "./toaster.tsx";
import { CommentIcon } from "./icons.tsx";

type Loaded =
  | { status: "idle" | "loading" | "error" }
  | { status: "ready"; comments: CommentView[]; now: number };

// The thread's code (comments, replies, the comment box) loads when a card's comments first open.
const thread = lazyComponent(() => import("./comments/comment-thread.tsx").then((m) => m.CommentThread));
const loadingComments = <p className="text-sm text-slate-600">Loading comments...</p>;

const cls = "inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm hover:bg-slate-100";

// Owned by the interactions work. Without JS: a link to /post/:id#comments. With JS: a button
// that expands the thread in place (it takes a full row: give the card's action row flex-wrap),
// refetching GET /api/posts/:id/comments each time it opens, with a toast when there are none.
export function CommentsToggle({ postId, count }: { postId: number; count: number }) {
  const hydrated = useHydrated();
  const root = useRootData();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: "idle" });
  const label = (
    <>
      <CommentIcon /> {formatCount(count)} {count === 1 ? "comment" : "comments"}
    </>
  );

  const load = useCallback(
    async ({ announceEmpty }: { announceEmpty: boolean }) => {
      setLoaded((l) => (l.status === "ready" ? l : { status: "loading" }));
      try {
        const res = await fetch(`/api/posts/${postId}/comments`, { headers: { Accept: "application/json" }, cache: "no-store" });
        if (!res.ok) throw new Error(`HTTP Error ${res.status}`);
        const comments = (await res.json()) as CommentView[];
        setLoaded({ status: "ready", comments, now: Date.now() });
        if (announceEmpty && comments.length === 0) {
          showToast({ type: "info", title: "No comments yet", description: "Be the first to comment on this post." });
        }
      } catch {
        setLoaded({ status: "error" });
      }
    },
    [postId],
  );

  if (!hydrated) {
    return (
      <Link to={`/post/${postId}#comments`} className={cls}>
        {label}
      </Link>
    );
  }
  const viewer: ThreadViewer = root.user ? { id: root.user.id, username: root.user.username } : null;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`thread-${postId}`}
        onClick={() => {
          setOpen(!open);
          if (!open) {
            thread.preload();
            void load({ announceEmpty: true });
          }
        }}
        className={cls}
      >
        {label}
      </button>
      {open ? (
        <div id={`thread-${postId}`} className="w-full basis-full pt-2">
          {loaded.status === "ready" ? (
            <Suspense fallback={loadingComments}>
              <thread.Component
                id={`comments-${postId}`}
                postId={postId}
                comments={loaded.comments}
                viewer={viewer}
                timeZone={root.timeZone}
                now={loaded.now}
                onChange={() => void load({ announceEmpty: false })}
              />
            </Suspense>
          ) : loaded.status === "error" ? (
            <p role="alert" className="text-sm text-red-700">
              Failed to load comments
            </p>
          ) : (
            loadingComments
          )}
        </div>
      ) : null}
    </>
  );
}
