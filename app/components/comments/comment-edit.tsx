import { Time } from "~/components/ui/time.tsx";
import { Link } from "~/components/ui/link.tsx";
import { EDITED_LABEL } from "~/rules/edit-rules.ts";
import { formatDateTime, formatRelative } from "~/lib/format.ts";
import { LinkedText } from "../linked-text.tsx";
import { lazyComponent } from "../lazy.tsx";

// A comment's text with its @mentions as profile links and its times as links to that second of the
// post's video (../linked-text.tsx: never raw HTML), its 'edited' mark leading to the history, and the
// author's edit box (./edit-comment-form.tsx), whose code loads when it first opens (../lazy.tsx).

export function CommentText({ content, mentions, videoId, deleted }: { content: string; mentions?: Record<string, number>; videoId?: string; deleted: boolean }) {
  return (
    <p dir="auto" className={deleted ? "cmt-text italic text-slate-500" : "cmt-text"}>
      {deleted ? content : <LinkedText text={content} mentions={mentions} videoId={videoId} />}
    </p>
  );
}

/** 'edited' with the time of the last edit, leading to the history. */
export function EditedMark({ href, editedAt, now, timeZone }: { href: string; editedAt: string; now: number; timeZone: string }) {
  return (
    <Link to={href} className="text-xs text-slate-600 underline hover:text-slate-900" title={formatDateTime(editedAt, timeZone)}>
      {EDITED_LABEL} <Time value={editedAt} timeZone={timeZone}>{formatRelative(editedAt, now, timeZone)}</Time>
    </Link>
  );
}

const editForm = lazyComponent(() => import("./edit-comment-form.tsx").then((m) => m.EditCommentForm));
/** ./edit-comment-form.tsx's form: on the page only while a comment is being edited. */
export const LazyEditCommentForm = editForm.Component;
export const preloadEditCommentForm = editForm.preload;
// The server renders it whole from the first request on.
if (import.meta.env.SSR) await editForm.ready();
