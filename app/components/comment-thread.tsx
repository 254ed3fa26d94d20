import { createContext, useContext, useRef, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { CommentView } from "~/lib/types.ts";
import type { ActionReply } from "~/lib/interact.ts";
import { formatRelative } from "~/lib/format.ts";
import { COMMENT_MESSAGES, commentError, commentLimits } from "~/lib/comment-rules.ts";
import { parseId } from "~/lib/id.ts";
import { Avatar } from "./avatar.tsx";
import { useHydrated } from "./hooks.ts";
import { TrashIcon } from "./icons.tsx";
import { JsField, useInteractionReply } from "./interaction.tsx";
import { VoteControls } from "./vote-controls.tsx";
import { buttonClass } from "./ui/button.tsx";

export type ThreadViewer = { id: number; username: string } | null;

type Node = CommentView & { replies: Node[] };

/** Replies deeper than this are behind a 'continue this thread' link (it shows that subtree). */
export const MAX_DEPTH = 5;

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

function findNode(nodes: Node[], id: number): Node | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.replies, id);
    if (found) return found;
  }
  return null;
}

function countAll(nodes: Node[]): number {
  return nodes.reduce((n, node) => n + 1 + countAll(node.replies), 0);
}

type ThreadContext = {
  postId: number;
  viewer: ThreadViewer;
  timeZone: string;
  now: number;
  maxDepth: number;
  /** The reply box that is open (from ?replyTo without JS, from clicks with JS). */
  openReply: number | null;
  setOpenReply: (id: number | null) => void;
  /** ?replyTo, ?commentError, ?draft: a no-JS reply box and a validation failure coming back to its box. */
  urlReplyTo: number | null;
  serverError: string | null;
  serverDraft: string;
  /** Builds this page's URL with some query params changed (null removes one). */
  hrefWith: (changes: Record<string, string | null>, anchor?: string) => string;
  onChange?: () => void;
};

const Thread = createContext<ThreadContext | null>(null);
function useThread(): ThreadContext {
  const ctx = useContext(Thread);
  if (!ctx) throw new Error("useThread outside CommentThread");
  return ctx;
}

// Owned by the interactions work. Renders the whole nested thread server-side with the comment
// box, a reply box per comment (?replyTo= without JS), collapsible subtrees (<details>, no JS
// needed), a depth cap with 'continue this thread' (?thread=), delete-own with a confirmation and
// '[deleted]' placeholders. `onChange` runs after a comment is posted or deleted with JS (a thread
// fetched outside the page's loader refetches itself).
export function CommentThread({
  postId,
  comments,
  viewer,
  timeZone,
  now,
  maxDepth = MAX_DEPTH,
  onChange,
  id = "comments",
}: {
  postId: number;
  comments: CommentView[];
  viewer: ThreadViewer;
  timeZone: string;
  now: number;
  maxDepth?: number;
  onChange?: () => void;
  /** The section's id: "comments" on the post page; unique ids where several threads share a page. */
  id?: string;
}) {
  const [searchParams] = useSearchParams();
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
    viewer,
    timeZone,
    now,
    maxDepth,
    openReply,
    setOpenReply,
    urlReplyTo: replyTo,
    // Only our own messages: a crafted link cannot put words on the page.
    serverError: COMMENT_MESSAGES.has(searchParams.get("commentError") ?? "") ? searchParams.get("commentError") : null,
    serverDraft: searchParams.get("draft") ?? "",
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

/** Visitors: the box is disabled and the button asks them to sign in (SPEC §5, §6). */
function VisitorCommentBox({ postId }: { postId: number }) {
  const fetcher = useFetcher<ActionReply>();
  useInteractionReply(fetcher);
  return (
    <fetcher.Form method="post" action={`/post/${postId}/comments`} className="space-y-2">
      <JsField />
      <label htmlFor={`comment-box-${postId}`} className="sr-only">
        Add a comment
      </label>
      <textarea
        id={`comment-box-${postId}`}
        disabled
        rows={2}
        placeholder="Sign in to join the conversation"
        className="w-full resize-none rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-sm"
      />
      <button type="submit" className={buttonClass()}>
        Sign in to comment
      </button>
    </fetcher.Form>
  );
}

type CommentReply = ActionReply<{ comment?: CommentView; ignored?: boolean }>;

/** The comment box (parentId null) or a reply box: live counter, too-short message, blank ignored. */
function CommentForm({
  parentId,
  parentAuthor,
  initialDraft,
  serverError,
}: {
  parentId: number | null;
  parentAuthor?: string;
  initialDraft: string;
  serverError: string | null;
}) {
  const { postId, setOpenReply, hrefWith, onChange } = useThread();
  const fetcher = useFetcher<CommentReply>();
  const hydrated = useHydrated();
  const [text, setText] = useState(initialDraft);
  const isReply = parentId !== null;
  const limits = commentLimits(isReply);
  const close = () => {
    setText("");
    if (isReply) setOpenReply(null);
  };
  useInteractionReply(fetcher, (reply) => {
    if (reply.ignored) return;
    close();
    onChange?.();
  });
  // With JS the rule is checked as you type (and the button waits for enough text); without JS
  // the server's message comes back with the page.
  const error = hydrated ? commentError(text, isReply) : serverError;
  const tooShort = hydrated && text.trim().length < limits.min;
  const boxId = isReply ? `reply-box-${parentId}` : `comment-box-${postId}`;
  return (
    <fetcher.Form
      method="post"
      action={`/post/${postId}/comments`}
      className="space-y-2"
      id={isReply ? `reply-form-${parentId}` : `comment-form-${postId}`}
    >
      <JsField />
      {isReply ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <label htmlFor={boxId} className={isReply ? "sr-only" : "block text-sm font-semibold"}>
        {isReply ? `Reply to ${parentAuthor}` : "Add a comment"}
      </label>
      <textarea
        id={boxId}
        name="content"
        rows={isReply ? 2 : 3}
        maxLength={limits.max}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoFocus={isReply && hydrated}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${boxId}-count${error ? ` ${boxId}-error` : ""}`}
        placeholder={isReply ? "Write a reply…" : "What do you think?"}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      />
      <div className="flex flex-wrap items-center gap-2">
        <span id={`${boxId}-count`} className="text-xs text-slate-600">
          {text.length}/{limits.max}
        </span>
        {error ? (
          <span id={`${boxId}-error`} role="alert" className="text-xs font-semibold text-red-700">
            {error}
          </span>
        ) : null}
        <span className="flex-1" />
        {isReply ? (
          hydrated ? (
            <button type="button" onClick={close} className="rounded-full px-3 py-1.5 text-sm hover:bg-slate-100">
              Cancel
            </button>
          ) : (
            <Link to={hrefWith({ replyTo: null, commentError: null, draft: null }, `comment-${parentId}`)} className="rounded-full px-3 py-1.5 text-sm hover:bg-slate-100">
              Cancel
            </Link>
          )
        ) : null}
        <button
          type="submit"
          disabled={tooShort || fetcher.state !== "idle"}
          className={buttonClass()}
        >
          {isReply ? "Post reply" : "Post comment"}
        </button>
      </div>
    </fetcher.Form>
  );
}

function CommentNode({ node, depth }: { node: Node; depth: number }) {
  const { postId, viewer, timeZone, now, maxDepth, openReply, setOpenReply, urlReplyTo, serverError, serverDraft, hrefWith, onChange } = useThread();
  const hydrated = useHydrated();
  const remove = useFetcher<ActionReply<{ mode: "hard" | "soft" }>>();
  useInteractionReply(remove, () => onChange?.());
  // Optimistic delete: gone at once, or a placeholder when replies hang below it.
  const removing = remove.state !== "idle" || remove.data?.ok === true;
  if (removing && node.replies.length === 0) return null;
  const deleted = node.isDeleted || removing;
  const username = deleted ? "[deleted]" : node.username;
  const mine = !deleted && viewer !== null && node.userId === viewer.id;
  const replying = !deleted && viewer !== null && openReply === node.id;
  const total = countAll(node.replies);
  const profile = !deleted && node.userId !== null ? `/profile/${node.userId}` : null;
  return (
    <li id={`comment-${node.id}`} className="relative scroll-mt-20">
      {profile ? (
        // The author's profile link lies over its place in the summary (a link may not sit inside it).
        <Link to={profile} className="absolute left-7 top-0 z-10 flex h-7 items-center gap-2 text-xs font-semibold text-slate-900 hover:underline">
          <Avatar name={username} size="sm" />
          {username}
        </Link>
      ) : null}
      <details open>
        <summary className="flex cursor-pointer items-center gap-2 rounded text-xs text-slate-600 hover:bg-slate-100">
          <span aria-hidden="true" className="w-5 text-center font-mono text-slate-500 [details[open]>summary>&]:hidden">
            [+]
          </span>
          <span aria-hidden="true" className="hidden w-5 text-center font-mono text-slate-500 [details[open]>summary>&]:inline">
            [–]
          </span>
          <span className={`flex items-center gap-2 ${profile ? "invisible" : ""}`}>
            <Avatar name={username} size="sm" />
            <span className="font-semibold text-slate-900">{username}</span>
          </span>
          {profile ? <span className="sr-only">Comment by {username}</span> : null}
          <span aria-hidden="true">·</span>
          <time dateTime={node.createdAt}>{formatRelative(node.createdAt, now, timeZone)}</time>
          {total > 0 ? (
            <span className="[details[open]>summary>&]:hidden">
              ({total} {total === 1 ? "reply" : "replies"} hidden)
            </span>
          ) : null}
        </summary>
        <div className="ml-7 mt-1 space-y-1">
          <p className={`whitespace-pre-line break-words text-sm ${deleted ? "italic text-slate-500" : "text-slate-900"}`}>
            {deleted ? "[deleted]" : node.content}
          </p>
          {!deleted ? (
            <div className="flex flex-wrap items-center gap-1">
              <VoteControls kind="comment" id={node.id} upvotes={node.upvotes} downvotes={node.downvotes} myVote={node.myVote} signedIn={Boolean(viewer)} />
              {viewer ? (
                hydrated ? (
                  <button
                    type="button"
                    aria-expanded={replying}
                    aria-controls={`reply-form-${node.id}`}
                    onClick={() => setOpenReply(replying ? null : node.id)}
                    className="rounded-full px-3 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100"
                  >
                    Reply
                  </button>
                ) : (
                  <Link to={hrefWith({ replyTo: String(node.id), commentError: null, draft: null }, `comment-${node.id}`)} className="rounded-full px-3 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100">
                    Reply
                  </Link>
                )
              ) : null}
              {mine ? <DeleteComment id={node.id} fetcher={remove} /> : null}
            </div>
          ) : null}
          {replying ? (
            <CommentForm
              key={`reply-${node.id}`}
              parentId={node.id}
              parentAuthor={node.username}
              initialDraft={urlReplyTo === node.id ? serverDraft : ""}
              serverError={urlReplyTo === node.id ? serverError : null}
            />
          ) : null}
        </div>
        {node.replies.length > 0 ? (
          depth + 1 < maxDepth ? (
            <ol className="ml-3 mt-2 space-y-3 border-l-2 border-slate-200 pl-3">
              {node.replies.map((reply) => (
                <CommentNode key={reply.id} node={reply} depth={depth + 1} />
              ))}
            </ol>
          ) : (
            <Link
              to={`/post/${postId}?thread=${node.id}#comment-${node.id}`}
              className="ml-7 mt-1 inline-block text-xs font-semibold text-brand hover:underline"
            >
              continue this thread →
            </Link>
          )
        ) : null}
      </details>
    </li>
  );
}

/** The delete icon (author only) and its confirmation, a <details> that works without JS. */
function DeleteComment({ id, fetcher }: { id: number; fetcher: ReturnType<typeof useFetcher<ActionReply<{ mode: "hard" | "soft" }>>> }) {
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className="relative">
      <summary aria-label="Delete comment" title="Delete comment" className="cursor-pointer rounded-full px-2 py-1 text-xs text-slate-600 hover:bg-red-50 hover:text-red-700">
        <TrashIcon className="h-4 w-4" />
      </summary>
      <div className="absolute left-0 z-10 mt-1 w-56 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
        <p className="text-sm font-semibold">Delete this comment?</p>
        <p className="mt-1 text-xs text-slate-600">This cannot be undone.</p>
        <div className="mt-2 flex gap-2">
          <fetcher.Form method="post" action={`/comments/${id}/delete`}>
            <JsField />
            <button type="submit" className="rounded-full bg-red-700 px-3 py-1 text-xs font-semibold text-white hover:bg-red-800">
              Delete
            </button>
          </fetcher.Form>
          {hydrated ? (
            <button
              type="button"
              onClick={() => {
                if (details.current) details.current.open = false;
              }}
              className="rounded-full px-3 py-1 text-xs hover:bg-slate-100"
            >
              Cancel
            </button>
          ) : null}
        </div>
      </div>
    </details>
  );
}
