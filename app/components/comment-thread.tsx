import type { CommentView } from "~/lib/types.ts";
import { formatRelative } from "~/lib/format.ts";
import { Avatar } from "./avatar.tsx";
import { VoteControls } from "./vote-controls.tsx";

export type ThreadViewer = { id: number; username: string } | null;

type Node = CommentView & { replies: Node[] };

/** Flat comments (parentId) → a tree, in one pass. */
export function buildTree(comments: CommentView[]): Node[] {
  const byId = new Map<number, Node>();
  const roots: Node[] = [];
  for (const c of comments) byId.set(c.id, { ...c, replies: [] });
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.replies : roots).push(node);
  }
  return roots;
}

// Owned by the interactions work (comment box, replies, delete). Renders the whole nested thread
// server-side.
export function CommentThread({
  postId,
  comments,
  viewer,
  timeZone,
  now,
}: {
  postId: number;
  comments: CommentView[];
  viewer: ThreadViewer;
  timeZone: string;
  now: number;
}) {
  const tree = buildTree(comments);
  return (
    <section id="comments" aria-label="Comments" data-post-id={postId}>
      {tree.length === 0 ? <p className="text-sm text-slate-600">No comments yet.</p> : null}
      <ol className="space-y-3">
        {tree.map((node) => (
          <CommentNode key={node.id} node={node} viewer={viewer} timeZone={timeZone} now={now} />
        ))}
      </ol>
    </section>
  );
}

function CommentNode({ node, viewer, timeZone, now }: { node: Node; viewer: ThreadViewer; timeZone: string; now: number }) {
  return (
    <li id={`comment-${node.id}`} className="rounded-lg">
      <div className="flex gap-2">
        <Avatar name={node.username} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="text-xs text-slate-600">
            <span className="font-semibold text-slate-900">{node.username}</span> ·{" "}
            <time dateTime={node.createdAt}>{formatRelative(node.createdAt, now, timeZone)}</time>
          </p>
          <p className={`whitespace-pre-line break-words text-sm ${node.isDeleted ? "italic text-slate-500" : ""}`}>{node.content}</p>
          {!node.isDeleted ? (
            <VoteControls kind="comment" id={node.id} upvotes={node.upvotes} downvotes={node.downvotes} myVote={node.myVote} signedIn={Boolean(viewer)} />
          ) : null}
        </div>
      </div>
      {node.replies.length > 0 ? (
        <ol className="ml-4 mt-2 space-y-3 border-l border-slate-200 pl-3">
          {node.replies.map((r) => (
            <CommentNode key={r.id} node={r} viewer={viewer} timeZone={timeZone} now={now} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}
