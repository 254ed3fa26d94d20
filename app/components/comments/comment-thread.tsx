import { useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { RootViewerData } from "~/lib/types.ts";
import type { CommentView } from "~/lib/types.ts";
import { COMMENT_MESSAGES } from "~/rules/comment-rules.ts";
import { parseId } from "~/lib/id.ts";
import { editedCommentId } from "~/rules/edit-rules.ts";
import { CommentForm, VisitorCommentBox } from "./comment-form.tsx";
import { CommentNode } from "./comment-node.tsx";
import { buildTree, findNode, MAX_DEPTH, Thread, type ThreadContext, type ThreadViewer } from "./thread-context.ts";

export type { ThreadViewer };

// A post's thread, rendered whole on the server (it works before any JavaScript) with the comment
// box, a reply box per comment (?replyTo= without JS), collapsible subtrees (<details>, no JS
// needed), a depth cap with 'continue this thread' (?thread=), delete-own with a confirmation and
// '[deleted]' placeholders. `onChange` runs after a comment is posted or deleted with JS (a thread
// fetched outside the page's loader refetches itself).
export function CommentThread({
  postId,
  videoId,
  comments,
  viewer,
  timeZone,
  now,
  maxDepth = MAX_DEPTH,
  onChange,
  id = "comments",
  editWindowHours = 0,
  watchedComments,
}: {
  postId: number;
  /** The post's video (times in comments link to it). */
  videoId?: string;
  comments: CommentView[];
  viewer: ThreadViewer;
  timeZone: string;
  now: number;
  maxDepth?: number;
  onChange?: () => void;
  /** The section's id: "comments" on the post page; unique ids where several threads share a page. */
  id?: string;
  /** The edit window (EDIT_WINDOW_HOURS) where the page offers editing; 0 offers none. */
  editWindowHours?: number;
  /** The comments whose replies the viewer follows, where the page offers following (the post page). */
  watchedComments?: number[];
}) {
  const searchParams = new URLSearchParams(useLocation().search);
  // A no-JS comment that failed comes back with the next page (a flash cookie the root loader read).
  const flashDraft = useRouteLoaderData<RootViewerData>("root")?.draft;
  const draft = flashDraft?.postId === postId ? flashDraft : null;
  const replyTo = parseId(searchParams.get("replyTo"));
  const [openReply, setOpenReply] = useState<number | null>(replyTo);
  const tree = buildTree(comments);
  const focusId = parseId(searchParams.get("thread"));
  const focused = focusId !== null ? findNode(tree, focusId) : null;
  const hrefWith = (changes: Record<string, string | null>, anchor?: string) => {
    const next = new URLSearchParams(searchParams);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    const query = next.toString();
    return `?${query}${anchor ? `#${anchor}` : ""}`;
  };
  const ctx: ThreadContext = {
    postId,
    videoId,
    viewer,
    timeZone,
    now,
    maxDepth,
    openReply,
    setOpenReply,
    urlReplyTo: replyTo,
    // Only our own messages: a crafted link cannot put words on the page.
    serverError: COMMENT_MESSAGES.has(searchParams.get("commentError") ?? "") ? searchParams.get("commentError") : null,
    serverDraft: draft?.text ?? "",
    urlEdit: editedCommentId(searchParams.get("edit")),
    editError: COMMENT_MESSAGES.has(searchParams.get("editError") ?? "") ? searchParams.get("editError") : null,
    editWindowHours,
    watched: watchedComments ? new Set(watchedComments) : null,
    hrefWith,
    onChange,
  };
  const roots = focused ? [focused] : tree;
  return (
    <Thread.Provider value={ctx}>
      <section id={id} aria-label="Comments" data-post-id={postId} className="space-y-4">
        {viewer ? (
          <CommentForm
            parentId={null}
            initialDraft={replyTo === null ? ctx.serverDraft : ""}
            serverError={replyTo === null ? ctx.serverError : null}
          />
        ) : (
          <VisitorCommentBox postId={postId} />
        )}
        {focused ? (
          <Link to={hrefWith({ thread: null }, "comments")} className="text-sm font-semibold text-brand hover:underline">
            ← Back to all comments
          </Link>
        ) : null}
        {tree.length === 0 ? <p className="text-sm text-slate-600">No comments yet.</p> : null}
        <ol className="space-y-3">
          {roots.map((node) => (
            <CommentNode key={node.id} node={node} depth={0} />
          ))}
        </ol>
      </section>
    </Thread.Provider>
  );
}

/** Visitors: the box is disabled and the button asks them to sign in (docs/product.md §5, §6). */
