// Small pieces of the share dialog: labelled fields, the hidden state the forms carry, the red
// 'YouTube API Error' panel and the video's card.
import type { InputHTMLAttributes, ReactNode } from "react";
import { inputClass } from "~/components/ui/input.tsx";
import { formatCount, formatDate } from "~/lib/format.ts";
import { SHARE_PARAM, type OpenShareDialog, type ShareValues } from "~/rules/share-dialog-state.ts";
import type { VideoDetails } from "~/lib/video.ts";
import { thumbnailPath } from "~/lib/thumbnail-sizes.ts";

/** The dialog's inputs: the kit's input look, below their label. */
export const shareInputClass = `mt-1 ${inputClass}`;

export function formatVideoDate(iso: string | null, timeZone: string): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return "";
  return formatDate(date, timeZone);
}

/** The fields of the other step (and the page underneath) ride along as hidden inputs. */
export function Hidden({ share, names }: { share: OpenShareDialog; names: (keyof ShareValues)[] }) {
  return (
    <>
      <input type="hidden" name="page" value={share.page} />
      {names.map((name) =>
        share.values[name] ? <input key={name} type="hidden" name={SHARE_PARAM[name]} value={share.values[name]} /> : null,
      )}
      {share.pageTokens.map((token) => (
        <input key={token} type="hidden" name={SHARE_PARAM.pageToken} value={token} />
      ))}
    </>
  );
}

export function Field({
  id,
  label,
  error,
  children,
  extra,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        {extra}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A one-line text field, marked invalid (and pointing at its message) when `error` is set. */
export function TextInput({ id, error, ...props }: { id: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const problem = error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
  return <input id={id} type="text" className={shareInputClass} {...problem} {...props} />;
}

export function ApiError({ message, keyNotConfigured = false }: { message: string; keyNotConfigured?: boolean }) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">YouTube API Error</p>
      <p className="mt-1">{message}</p>
      {keyNotConfigured ? (
        <p className="mt-1">
          You can still share it: type or paste the comment and its author yourself, choose a category and post.
          The video is saved with the details we could find.
        </p>
      ) : null}
    </div>
  );
}

export function VideoCard({ details, timeZone }: { details: VideoDetails; timeZone: string }) {
  const facts = [
    details.viewCount === null ? "" : `${formatCount(details.viewCount)} views`,
    formatVideoDate(details.publishedAt, timeZone),
  ].filter(Boolean);
  return (
    <div className="flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3" data-testid="share-video">
      <img
        src={thumbnailPath(details.id, "card")}
        alt=""
        width={160}
        height={90}
        className="h-[90px] w-[160px] shrink-0 rounded-lg bg-slate-200 object-cover"
      />
      <div className="min-w-0 text-sm">
        <p className="line-clamp-2 font-semibold">{details.title}</p>
        <p className="mt-1 text-slate-600">{details.channelTitle}</p>
        {facts.length ? <p className="mt-1 text-slate-600">{facts.join(" · ")}</p> : null}
      </div>
    </div>
  );
}
