import { useCallback, useEffect, useState } from "react";
import type { CommentView } from "~/lib/types.ts";
import { useRootData } from "../hooks.ts";
import { showToast } from "../toaster.tsx";
import { CommentThread, type ThreadViewer } from "./comment-thread.tsx";

type Loaded = { status: "loading" } | { status: "error" } | { status: "ready"; comments: CommentView[]; now: number };

const loadingComments = <p className="text-sm text-slate-600">Loading comments...</p>;

/**
 * A post card's thread, opened in place (CommentsToggle): fetched from GET /api/posts/:id/comments
 * each time it opens, with a toast when there are none, and again after each change in it.
 * Its code loads with the thread's, when a card's comments first open.
 */
export function CardThread({ postId, videoId }: { postId: number; videoId: string }) {
  const root = useRootData();
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });

  const load = useCallback(
    async ({ announceEmpty }: { announceEmpty: boolean }) => {
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
  useEffect(() => void load({ announceEmpty: true }), [load]);

  if (loaded.status === "error") {
    return (
      <p role="alert" className="text-sm text-red-700">
        Failed to load comments
      </p>
    );
  }
  if (loaded.status === "loading") return loadingComments;
  const viewer: ThreadViewer = root.user ? { id: root.user.id, username: root.user.username } : null;
  return (
    <CommentThread
      id={`comments-${postId}`}
      postId={postId}
      videoId={videoId}
      comments={loaded.comments}
      viewer={viewer}
      timeZone={root.timeZone}
      now={loaded.now}
      onChange={() => void load({ announceEmpty: false })}
    />
  );
}
