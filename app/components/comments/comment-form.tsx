import { useRef, useState, useId } from "react";
import { Form, useFetcher } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import type { ActionReply } from "~/rules/interactions/action-reply.ts";
import type { CommentReply } from "~/rules/interactions/comment.ts";
import { commentError, commentLimits } from "~/rules/comment-rules.ts";
import { useHydrated } from "../hooks.ts";
import { MentionTextarea } from "./mention-textarea.tsx";
import { JsField, useInteractionReply } from "../interaction.tsx";
import { buttonClass } from "../ui/button.tsx";
import { useDomValue } from "../ui/dom-value.ts";
import { draftStore } from "./draft-store.ts";
import { useThread } from "./thread-context.ts";
import { Honeypot } from "../ui/honeypot.tsx";
import { cleanText, visibleLength } from "~/lib/text.ts";

export function VisitorCommentBox({ postId }: { postId: number }) {
  const fetcherKey = useId();
  const fetcher = useFetcher<ActionReply>({ key: fetcherKey });
  useInteractionReply(fetcher);
  return (
    <Form navigate={false} fetcherKey={fetcherKey} method="post" action={`/post/${postId}/comments`} className="space-y-2">
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
    </Form>
  );
}

/** The comment box (parentId null) or a reply box: live counter, too-short message, blank ignored. */
export function CommentForm({
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
  const fetcherKey = useId();
  const fetcher = useFetcher<CommentReply>({ key: fetcherKey });
  const hydrated = useHydrated();
  const [text, setText] = useState(initialDraft);
  const box = useRef<HTMLTextAreaElement>(null);
  const update = (next: string) => {
    setText(next);
    draftStore(postId, parentId, next);
  };
  // What was typed before this code arrived wins; else the server's draft; else this tab's.
  useDomValue(box, update, () => draftStore(postId, parentId));
  const isReply = parentId !== null;
  const limits = commentLimits(isReply);
  const close = () => {
    update("");
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
  const tooShort = hydrated && visibleLength(cleanText(text)) < limits.min;
  const boxId = isReply ? `reply-box-${parentId}` : `comment-box-${postId}`;
  return (
    <Form
      navigate={false}
      fetcherKey={fetcherKey}
      method="post"
      action={`/post/${postId}/comments`}
      className="space-y-2"
      id={isReply ? `reply-form-${parentId}` : `comment-form-${postId}`}
    >
      <JsField />
      <Honeypot />
      {isReply ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <label htmlFor={boxId} className={isReply ? "sr-only" : "block text-sm font-semibold"}>
        {isReply ? `Reply to ${parentAuthor}` : "Add a comment"}
      </label>
      <MentionTextarea
        ref={box}
        id={boxId}
        name="content"
        rows={isReply ? 2 : 3}
        value={text}
        onChange={update}
        autoFocus={isReply && hydrated}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${boxId}-count${error ? ` ${boxId}-error` : ""}`}
        placeholder={isReply ? "Write a reply…" : "What do you think?"}
      />
      <div className="flex flex-wrap items-center gap-2">
        <span id={`${boxId}-count`} className="text-xs text-slate-600">
          {visibleLength(text)}/{limits.max}
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
    </Form>
  );
}
