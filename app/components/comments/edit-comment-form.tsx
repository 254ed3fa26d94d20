import { useRef, useState } from "react";
import { Form, type useFetcher } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { commentError, commentLimits } from "~/rules/comment-rules.ts";
import { JsField, useInteractionReply } from "../interaction.tsx";
import { MentionTextarea } from "./mention-textarea.tsx";
import { useDomValue } from "../ui/dom-value.ts";
import type { ActionReply } from "~/rules/interactions/action-reply.ts";

export type EditCommentReply = ActionReply<{ comment: { id: number; content: string; editedAt: string | null } }>;

/**
 * The author's edit box: a plain POST without JS (the page's ?edit=comment-{id} shows it, Cancel is a
 * link), a fetcher with it (`onDone` closes it once saved).
 */
export function EditCommentForm({
  id,
  content,
  isReply,
  serverError,
  cancelHref,
  onDone,
  fetcher,
  fetcherKey,
}: {
  id: number;
  content: string;
  isReply: boolean;
  serverError: string | null;
  cancelHref: string;
  onDone?: () => void;
  fetcher: ReturnType<typeof useFetcher<EditCommentReply>>;
  /** The key `fetcher` was made with (its form submits through it). */
  fetcherKey: string;
}) {
  const [draft, setDraft] = useState(content);
  // Opened by its link (?edit=) and typed into before the code arrived: the typed text stays.
  const box = useRef<HTMLTextAreaElement>(null);
  useDomValue(box, setDraft);
  useInteractionReply(fetcher, () => onDone?.());
  const limits = commentLimits(isReply);
  const local = commentError(draft, isReply);
  const error = (fetcher.data && !fetcher.data.ok ? fetcher.data.message : null) ?? serverError;
  return (
    <Form navigate={false} fetcherKey={fetcherKey} method="post" action={`/comments/${id}/edit`} className="space-y-2" aria-label="Edit comment">
      <JsField />
      <input type="hidden" name="commentId" value={id} />
      <label htmlFor={`edit-${id}`} className="sr-only">
        Edit your {isReply ? "reply" : "comment"}
      </label>
      <MentionTextarea
        ref={box}
        id={`edit-${id}`}
        name="content"
        value={draft}
        onChange={setDraft}
        maxLength={limits.max}
        rows={3}
        aria-invalid={Boolean(error || local) || undefined}
        aria-describedby={error || local ? `edit-${id}-error` : undefined}
      />
      {error || local ? (
        <p id={`edit-${id}-error`} role="alert" className="text-xs text-red-700">
          {local ?? error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" disabled={fetcher.state !== "idle"} className="rounded-full bg-brand px-3 py-1 text-xs font-semibold text-white hover:opacity-90">
          Save
        </button>
        {onDone ? (
          <button type="button" onClick={onDone} className="rounded-full px-3 py-1 text-xs hover:bg-slate-100">
            Cancel
          </button>
        ) : (
          <Link to={cancelHref} className="rounded-full px-3 py-1 text-xs hover:bg-slate-100">
            Cancel
          </Link>
        )}
      </div>
    </Form>
  );
}
