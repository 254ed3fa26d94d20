// The video's comments to pick from: sort toggle, the 300px list, 'Load More Comments', and
// 'Clear Selection' / 'Use Selected Comment' (the no-JS way to fill the fields from a pick).
import { buttonClass } from "~/components/ui/button.tsx";
import { formatCount } from "~/lib/format.ts";
import { commentPageAnchor, SHARE_PARAM, type OpenShareDialog, type ShareValues } from "~/rules/share-dialog-state.ts";
import type { FetchedComment } from "~/lib/video.ts";
import { Avatar } from "../avatar.tsx";
import { ApiError, formatVideoDate } from "./fields.tsx";

export function CommentPicker({
  share,
  pick,
  hydrated,
  timeZone,
  onPick,
}: {
  share: OpenShareDialog;
  pick: string;
  hydrated: boolean;
  timeZone: string;
  onPick: (patch: Partial<ShareValues>) => void;
}) {
  const { comments, nextPageToken, values } = share;
  const pageOf = new Map(share.pageStarts.map((start, i) => [start, i + 1]));
  // While a comment is picked, the sort toggle and 'Load More Comments' hide (plain CSS, so the
  // radio buttons drive it with and without JavaScript).
  const hideWhilePicked = "group-has-[input:checked]:hidden";
  return (
    <fieldset className="group space-y-2">
      <legend className="text-sm font-semibold">Pick a comment from the video</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Sort comments" className={`flex gap-1 ${hideWhilePicked}`}>
          {(
            [
              ["relevance", "Relevance"],
              ["time", "Newest"],
            ] as const
          ).map(([order, label]) => (
            <button
              key={order}
              type="submit"
              name="intent"
              value={`sort:${order}`}
              aria-pressed={values.order === order}
              className={`${buttonClass({ variant: "secondary", size: "sm" })} aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white`}
            >
              {label}
            </button>
          ))}
        </div>
        {/* Shown only while a comment is picked. */}
        <div className="hidden gap-1 group-has-[input:checked]:flex">
          {!hydrated ? (
            <button type="submit" name="intent" value="pick" className={buttonClass({ variant: "secondary", size: "sm" })}>
              Use Selected Comment
            </button>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="clear"
            className={buttonClass({ variant: "secondary", size: "sm" })}
            onClick={(event) => {
              event.preventDefault();
              onPick({ pick: "", text: "", author: "" });
            }}
          >
            Clear Selection
          </button>
        </div>
      </div>
      {share.commentsError ? <ApiError message={share.commentsError} /> : null}
      <div className="h-[300px] overflow-y-auto rounded-xl border border-slate-200" data-testid="share-comment-list">
        {comments.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">No comments to show.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {comments.map((comment, i) => (
              <li key={comment.id} id={pageOf.has(i) ? commentPageAnchor(pageOf.get(i)!) : undefined}>
                <CommentOption
                  comment={comment}
                  shared={Boolean(share.sharedComments[comment.id])}
                  checked={pick === comment.id}
                  timeZone={timeZone}
                  onPick={() => onPick({ pick: comment.id, text: comment.text, author: comment.authorDisplayName })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {nextPageToken ? (
        <div className={`text-center ${hideWhilePicked}`}>
          <input type="hidden" name="nextPageToken" value={nextPageToken} />
          <button type="submit" name="intent" value="load-more" className={buttonClass({ variant: "secondary" })}>
            Load More Comments
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

function CommentOption({
  comment,
  shared,
  checked,
  timeZone,
  onPick,
}: {
  comment: FetchedComment;
  shared: boolean;
  checked: boolean;
  timeZone: string;
  onPick: () => void;
}) {
  return (
    <label className="flex cursor-pointer gap-3 p-3 hover:bg-slate-50 has-[:checked]:bg-rose-50 has-[:checked]:shadow-[inset_3px_0_0_var(--color-brand)]">
      <input type="radio" name={SHARE_PARAM.pick} value={comment.id} checked={checked} onChange={onPick} className="mt-1 accent-brand" />
      <Avatar name={comment.authorDisplayName.replace(/^@/, "")} size="sm" />
      <span className="min-w-0 text-sm">
        <span className="font-semibold">{comment.authorDisplayName}</span>{" "}
        <span className="text-xs text-slate-600">{formatVideoDate(comment.publishedAt, timeZone)}</span>
        <span className="mt-1 block whitespace-pre-line break-words">{comment.text}</span>
        <span className="mt-1 block text-xs text-slate-600">
          {formatCount(comment.likeCount)} {comment.likeCount === 1 ? "like" : "likes"}
          {comment.replyCount ? ` · ${comment.replyCount} ${comment.replyCount === 1 ? "reply" : "replies"}` : ""}
          {shared ? <span className="ml-1 font-semibold text-amber-800"> · Already shared</span> : null}
        </span>
      </span>
    </label>
  );
}
