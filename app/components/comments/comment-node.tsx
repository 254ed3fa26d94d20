import { ReportLink } from "../report-link.tsx";
import { Time } from "~/components/ui/time.tsx";
import { useRef, useState, useId } from "react";
import { Form, useNavigate, useFetcher } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { ActionReply } from "~/rules/interactions/action-reply.ts";
import { formatRelative } from "~/lib/format.ts";
import { Avatar } from "../avatar.tsx";
import { useHydrated } from "../hooks.ts";
import { stroke, type IconProps } from "../icons.tsx";
import { JsField, useInteractionReply } from "../interaction.tsx";
import { VoteControls } from "../vote-controls.tsx";
import { BlockButton } from "../profile/block-button.tsx";
import { WatchButton } from "../watch-button.tsx";
import { CommentForm } from "./comment-form.tsx";
import { CommentText, EditedMark, LazyEditCommentForm, preloadEditCommentForm } from "./comment-edit.tsx";
import type { EditCommentReply } from "./edit-comment-form.tsx";
import { editParam, withinEditWindow } from "~/rules/edit-rules.ts";
import { countAll, useThread, type Node } from "./thread-context.ts";
import { MuteLink } from "../mutes/mute-link.tsx";

function TrashIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke}>
      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v5M14 11v5" />
    </svg>
  );
}


export function CommentNode({ node, depth, parentName }: { node: Node; depth: number; parentName?: string }) {
  const { postId, videoId, viewer, timeZone, now, maxDepth, openReply, setOpenReply, urlReplyTo, serverError, serverDraft, hrefWith, onChange, urlEdit, editError, editWindowHours, watched } = useThread();
  const hydrated = useHydrated();
  const removeKey = useId();
  const remove = useFetcher<ActionReply<{ mode: "hard" | "soft" }>>({ key: removeKey });
  const editKey = useId();
  const edit = useFetcher<EditCommentReply>({ key: editKey });
  const navigate = useNavigate();
  const [editingJs, setEditingJs] = useState(false);
  useInteractionReply(remove, () => onChange?.());
  // Optimistic delete: gone at once, or a placeholder when replies hang below it.
  const removing = remove.state !== "idle" || remove.data?.ok === true;
  if (removing && node.replies.length === 0) return null;
  // A blocked member's comment keeps its place like a deleted one, with its own words.
  const blocked = Boolean(node.isBlocked) && !removing;
  const deleted = node.isDeleted || removing || blocked;
  const stub = blocked ? node.content : "[deleted]";
  const username = deleted ? (blocked ? "[blocked]" : "[deleted]") : node.username;
  const mine = !deleted && viewer !== null && node.userId === viewer.id;
  const editable = mine && withinEditWindow(node.createdAt, editWindowHours, now);
  const editing = editable && (editingJs || urlEdit === node.id);
  // The saved text shows at once; the page's data follows when the loaders revalidate.
  const saved = edit.data?.ok ? edit.data.comment : null;
  const content = saved && saved.id === node.id ? saved.content : node.content;
  const editedAt = (saved && saved.id === node.id ? saved.editedAt : null) ?? node.editedAt ?? null;
  const replying = !deleted && viewer !== null && openReply === node.id;
  const total = countAll(node.replies);
  const profile = !deleted && node.userId !== null ? `/profile/${node.userId}` : null;
  return (
    <li id={`comment-${node.id}`} className="cmt">
      {profile ? (
        // The author's profile link lies over its place in the summary (a link may not sit inside it).
        <Link to={profile} className="cmt-by" dir="auto">
          <Avatar name={username} size="sm" />
          {username}
        </Link>
      ) : null}
      <details open>
        {/* Styled by .cmt (app.css): the row, [+] / [–], the author. */}
        <summary>
          <span aria-hidden="true" className="fold">
            [+]
          </span>
          <span aria-hidden="true" className="unfold">
            [–]
          </span>
          <span className={profile ? "cmt-who invisible" : "cmt-who"}>
            <Avatar name={username} size="sm" />
            <span>{username}</span>
          </span>
          {profile ? <span className="sr-only">{`Comment by ${username}`}</span> : null}
          {/* What the indentation shows, said: the depth and whom it answers. */}
          <span className="sr-only">{`, level ${depth + 1}${parentName ? `, reply to ${parentName}` : ""}`}</span>
          <span aria-hidden="true">·</span>
          <Time value={node.createdAt} timeZone={timeZone}>{formatRelative(node.createdAt, now, timeZone)}</Time>
          {total > 0 ? (
            <span className="closed-only">{`(${total} ${total === 1 ? "reply" : "replies"} hidden)`}</span>
          ) : null}
        </summary>
        <div className="cmt-body">
          {editing ? (
            <LazyEditCommentForm
              id={node.id}
              content={content}
              isReply={node.parentId !== null}
              serverError={urlEdit === node.id ? editError : null}
              cancelHref={hrefWith({ edit: null, editError: null }, `comment-${node.id}`)}
              onDone={
                hydrated
                  ? () => {
                      setEditingJs(false);
                      // Opened by its link (?edit=, before the code arrived): the saved comment closes it.
                      if (urlEdit === node.id) navigate(hrefWith({ edit: null, editError: null }, `comment-${node.id}`), { replace: true, preventScrollReset: true });
                    }
                  : undefined
              }
              fetcher={edit}
              fetcherKey={editKey}
            />
          ) : (
            <CommentText content={deleted ? stub : content} mentions={node.mentions} videoId={videoId} deleted={deleted} />
          )}
          {!deleted && editedAt ? <EditedMark href={`/comments/${node.id}/history`} editedAt={editedAt} now={now} timeZone={timeZone} /> : null}
          {!deleted ? (
            <div className="cmt-actions">
              <VoteControls kind="comment" id={node.id} upvotes={node.upvotes} downvotes={node.downvotes} myVote={node.myVote} signedIn={Boolean(viewer)} />
              {viewer ? (
                hydrated ? (
                  <button
                    type="button"
                    aria-expanded={replying}
                    aria-controls={`reply-form-${node.id}`}
                    onClick={() => setOpenReply(replying ? null : node.id)}
                    className="cmt-act"
                  >
                    Reply
                  </button>
                ) : (
                  <Link to={hrefWith({ replyTo: String(node.id), commentError: null, draft: null }, `comment-${node.id}`)} className="cmt-act">
                    Reply
                  </Link>
                )
              ) : null}
              {editable && !editing ? (
                hydrated ? (
                  // The edit box's code is fetched as the pointer or focus reaches 'Edit' (./comment-edit.tsx).
                  <button type="button" onClick={() => setEditingJs(true)} onPointerEnter={preloadEditCommentForm} onFocus={preloadEditCommentForm} className="cmt-act">
                    Edit
                  </button>
                ) : (
                  <Link to={hrefWith({ edit: editParam("comment", node.id), editError: null }, `comment-${node.id}`)} className="cmt-act">
                    Edit
                  </Link>
                )
              ) : null}
              {viewer && watched ? <WatchButton target="comment" id={node.id} following={watched.has(node.id)} className="cmt-act" /> : null}
              {mine ? <DeleteComment id={node.id} fetcher={remove} fetcherKey={removeKey} /> : null}
              {viewer && !mine ? (
                <ReportLink targetType="comment" targetId={node.id} className="cmt-act" />
              ) : null}
              {viewer && !mine && node.userId !== null ? (
                <BlockButton userId={node.userId} name={node.username} blocked={false} anchor={`comment-${node.id}`} size="sm" variant="ghost" />
              ) : null}
              {viewer && !mine && node.userId !== null ? (
                <MuteLink kind="member" value={node.userId} className="cmt-act">
                  Mute
                </MuteLink>
              ) : null}
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
            <ol className="replies">
              {node.replies.map((reply) => (
                <CommentNode key={reply.id} node={reply} depth={depth + 1} parentName={username} />
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

/** The delete icon (author only) and its confirmation, a <details> that works without JS (opening leftwards: the icon ends its row, and a phone has no room to its right). */
function DeleteComment({ id, fetcher, fetcherKey }: { id: number; fetcher: ReturnType<typeof useFetcher<ActionReply<{ mode: "hard" | "soft" }>>>; fetcherKey: string }) {
  const hydrated = useHydrated();
  const details = useRef<HTMLDetailsElement>(null);
  return (
    <details ref={details} className="relative">
      <summary aria-label="Delete comment" title="Delete comment" className="cursor-pointer rounded-full px-2 py-1 text-xs text-slate-600 hover:bg-red-50 hover:text-red-700">
        <TrashIcon className="h-4 w-4" />
      </summary>
      <div className="absolute right-0 z-10 mt-1 w-56 rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
        <p className="text-sm font-semibold">Delete this comment?</p>
        <p className="mt-1 text-xs text-slate-600">This cannot be undone.</p>
        <div className="mt-2 flex gap-2">
          <Form navigate={false} fetcherKey={fetcherKey} method="post" action={`/comments/${id}/delete`}>
            <JsField />
            <button type="submit" className="rounded-full bg-red-700 px-3 py-1 text-xs font-semibold text-white hover:bg-red-800">
              Delete
            </button>
          </Form>
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
