// The two-step share dialog (SPEC §2). Its state lives in the page URL (app/lib/share.ts) and every
// button posts to /share, so without JavaScript it is a server-rendered section of the page; with
// JavaScript the same markup becomes a modal <dialog> (focus kept inside, Escape closes) and the
// fields update live (counter, picking a comment, disabled submit, paste from the clipboard).
import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { CATEGORIES } from "~/lib/categories.ts";
import { formatCount, formatDate } from "~/lib/format.ts";
import { useHydrated } from "./hooks.ts";
import { POST_LIMITS } from "~/lib/schemas/post.ts";
import { commentPageAnchor, SHARE_PARAM, SHARE_TEXTS, type ShareDialogData, type ShareValues } from "~/lib/share.ts";
import type { FetchedComment, VideoDetails } from "~/lib/video.ts";
import { Avatar } from "./avatar.tsx";
import { showToast } from "./toaster.tsx";

type OpenShare = Extract<ShareDialogData, { signedIn: true }>;

function formatVideoDate(iso: string | null, timeZone: string): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return "";
  return formatDate(date, timeZone);
}

function focusFirst(dialog: HTMLElement) {
  const target = dialog.querySelector<HTMLElement>('[aria-invalid="true"]') ?? dialog.querySelector<HTMLElement>("[data-autofocus]");
  target?.focus();
}

const button = {
  primary:
    "inline-flex items-center justify-center gap-1 rounded-full bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-50",
  secondary:
    "inline-flex items-center justify-center gap-1 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100",
  small: "rounded-full border border-slate-300 px-3 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-100",
};
const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm aria-[invalid=true]:border-red-600";

export function ShareDialog({ share, timeZone }: { share: ShareDialogData | null; timeZone: string }) {
  return share ? <DialogFrame share={share} timeZone={timeZone} /> : null;
}

function DialogFrame({ share, timeZone }: { share: ShareDialogData; timeZone: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const close = () => navigate(share.closeHref, { preventScrollReset: true });

  // With JavaScript the in-page dialog becomes modal; focus returns to the opener when it closes.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    focusFirst(dialog);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, []);

  // A new step or new messages: focus the first field with a problem, else the step's first field.
  const focusKey = share.signedIn ? `${share.step}:${Object.keys(share.errors).join()}` : "";
  const firstFocus = useRef(true);
  useEffect(() => {
    if (firstFocus.current) {
      firstFocus.current = false;
      return;
    }
    if (ref.current) focusFirst(ref.current);
  }, [focusKey]);

  return (
    <dialog
      ref={ref}
      open
      role="dialog"
      aria-modal={hydrated ? true : undefined}
      aria-labelledby="share-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClose={() => {
        // Closed by the browser itself (a second Escape): the URL must follow.
        if (!ref.current?.open) close();
      }}
      className="static mx-auto mb-6 w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-sm backdrop:bg-slate-900/60 [&:modal]:fixed [&:modal]:inset-0 [&:modal]:m-auto [&:modal]:max-h-[calc(100dvh-2rem)] [&:modal]:w-[calc(100%-1.5rem)] [&:modal]:overflow-y-auto [&:modal]:shadow-2xl"
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id="share-dialog-title" className="text-lg font-bold">
          Share a Funny Comment
        </h2>
        <Link
          to={share.closeHref}
          preventScrollReset
          aria-label="Close"
          className="rounded-full px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          ×
        </Link>
      </div>
      {share.signedIn ? (
        <ShareSteps share={share} timeZone={timeZone} hydrated={hydrated} />
      ) : (
        <div className="px-5 py-6">
          <div className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-center">
            <h3 className="text-base font-semibold">{SHARE_TEXTS.authTitle}</h3>
            <p className="mt-1 text-sm text-slate-700">{SHARE_TEXTS.authDescription}</p>
            <Link to={share.signInHref} className={`${button.primary} mt-4`}>
              Sign In to Continue
            </Link>
          </div>
        </div>
      )}
    </dialog>
  );
}

const STEPS = ["Video & Title", "Comment Details"] as const;

function ShareSteps({ share, timeZone, hydrated }: { share: OpenShare; timeZone: string; hydrated: boolean }) {
  return (
    <div className="px-5 py-4">
      <ol className="mb-4 flex gap-2 text-xs font-semibold text-slate-600" aria-label="Steps">
        {STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={share.step === i + 1 ? "step" : undefined}
            className="flex-1 rounded-full border border-slate-200 px-3 py-1 text-center aria-[current=step]:border-brand aria-[current=step]:text-brand"
          >
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      <h3 className="sr-only">{STEPS[share.step - 1]}</h3>
      {share.step === 1 ? (
        <VideoStep share={share} timeZone={timeZone} />
      ) : (
        <CommentStep share={share} timeZone={timeZone} hydrated={hydrated} />
      )}
    </div>
  );
}

/** The fields of the other step (and the page underneath) ride along as hidden inputs. */
function Hidden({ share, names }: { share: OpenShare; names: (keyof ShareValues)[] }) {
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

function Field({
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
function TextInput({ id, error, ...props }: { id: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const problem = error ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
  return <input id={id} type="text" className={inputClass} {...problem} {...props} />;
}

function VideoStep({ share, timeZone }: { share: OpenShare; timeZone: string }) {
  const { values, errors, video } = share;
  return (
    <Form method="post" action="/share" preventScrollReset className="space-y-4" noValidate>
      <Hidden share={share} names={["text", "author", "category", "order", "pick"]} />
      {video ? <input type="hidden" name="vid" value={video.details.id} /> : null}
      <Field id="share-url" label="YouTube video URL" error={errors.url}>
        <TextInput
          id="share-url"
          error={errors.url}
          name={SHARE_PARAM.url}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          defaultValue={values.url}
          placeholder="https://www.youtube.com/watch?v=…"
          data-autofocus
        />
      </Field>
      {share.apiError ? <ApiError message={share.apiError} keyNotConfigured={Boolean(video?.keyNotConfigured)} /> : null}
      {video ? <VideoCard details={video.details} timeZone={timeZone} /> : null}
      <Field id="share-title" label="Post title" error={errors.title}>
        <TextInput
          id="share-title"
          error={errors.title}
          name={SHARE_PARAM.title}
          maxLength={POST_LIMITS.titleMax}
          defaultValue={values.title}
          placeholder="Give it a catchy title"
        />
      </Field>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={share.closeHref} preventScrollReset className={button.secondary}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="next" className={button.primary}>
          Next Step
        </button>
      </div>
    </Form>
  );
}

function ApiError({ message, keyNotConfigured = false }: { message: string; keyNotConfigured?: boolean }) {
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

function VideoCard({ details, timeZone }: { details: VideoDetails; timeZone: string }) {
  const facts = [
    details.viewCount === null ? "" : `${formatCount(details.viewCount)} views`,
    formatVideoDate(details.publishedAt, timeZone),
  ].filter(Boolean);
  return (
    <div className="flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3" data-testid="share-video">
      <img
        src={details.thumbnail}
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

function useSyncedState(values: ShareValues) {
  const [state, setState] = useState(values);
  const [source, setSource] = useState(JSON.stringify(values));
  // New values from the server (after any round trip) replace what is on screen.
  const incoming = JSON.stringify(values);
  if (incoming !== source) {
    setSource(incoming);
    setState(values);
  }
  return [state, setState] as const;
}

function CommentStep({ share, timeZone, hydrated }: { share: OpenShare; timeZone: string; hydrated: boolean }) {
  const [fields, setFields] = useSyncedState(share.values);
  const [pasted, setPasted] = useState(false);
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  // Empty, as SPEC §5 says: blank-only text is left to the server ('Please fill out all fields.').
  const incomplete = !fields.text || !fields.author || !fields.category;
  const submitDisabled = posting || (hydrated && incomplete);
  const set = (patch: Partial<ShareValues>) => setFields((f) => ({ ...f, ...patch }));
  const video = share.video;

  useEffect(() => {
    if (!pasted) return;
    const timer = setTimeout(() => setPasted(false), 2000);
    return () => clearTimeout(timer);
  }, [pasted]);

  async function paste() {
    try {
      const text = await navigator.clipboard.readText();
      set({ text: text.slice(0, POST_LIMITS.commentMax) });
      setPasted(true);
    } catch {
      showToast({ type: "error", title: SHARE_TEXTS.clipboardTitle, description: SHARE_TEXTS.clipboardDescription });
    }
  }

  const length = fields.text.length;
  return (
    <Form method="post" action="/share" preventScrollReset className="space-y-4" noValidate>
      {/* Enter in a field means 'share' (the first submit button is the form's default). */}
      <button type="submit" name="intent" value="create" hidden tabIndex={-1} disabled={submitDisabled} />
      <Hidden share={share} names={["url", "title", "order"]} />
      {video ? <VideoCard details={video.details} timeZone={timeZone} /> : null}
      {share.apiError ? <ApiError message={share.apiError} keyNotConfigured={Boolean(video?.keyNotConfigured)} /> : null}
      {video && !video.keyNotConfigured ? (
        <CommentPicker share={share} pick={fields.pick} hydrated={hydrated} timeZone={timeZone} onPick={set} />
      ) : null}

      <Field
        id="share-text"
        label="Comment text"
        extra={
          hydrated ? (
            <button type="button" onClick={paste} className={button.small} aria-label="Paste from clipboard">
              {pasted ? (
                <span className="text-emerald-700">
                  ✓<span className="sr-only"> Pasted</span>
                </span>
              ) : (
                <span aria-hidden="true">Paste</span>
              )}
            </button>
          ) : null
        }
      >
        <textarea
          id="share-text"
          name={SHARE_PARAM.text}
          rows={4}
          maxLength={POST_LIMITS.commentMax}
          value={fields.text}
          onChange={(e) => set({ text: e.target.value })}
          placeholder="Type or paste the funny comment"
          aria-describedby="share-text-count"
          className={inputClass}
          data-autofocus
        />
        <p
          id="share-text-count"
          className={`mt-1 text-right text-xs ${length > POST_LIMITS.commentMax ? "font-semibold text-red-700" : "text-slate-600"}`}
        >
          {length}/{POST_LIMITS.commentMax}
        </p>
      </Field>
      <Field id="share-author" label="Comment author">
        <TextInput
          id="share-author"
          name={SHARE_PARAM.author}
          maxLength={POST_LIMITS.authorMax}
          value={fields.author}
          onChange={(e) => set({ author: e.target.value })}
          placeholder="@username"
        />
      </Field>
      <Field id="share-category" label="Category">
        <select
          id="share-category"
          name={SHARE_PARAM.category}
          value={fields.category}
          onChange={(e) => set({ category: e.target.value })}
          className={inputClass}
        >
          <option value="">Select a category</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
      {share.errors.fields ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {share.errors.fields}
        </p>
      ) : null}
      <div className="flex justify-between gap-2 pt-2">
        <button type="submit" name="intent" value="back" className={button.secondary}>
          Back
        </button>
        <button type="submit" name="intent" value="create" disabled={submitDisabled} className={button.primary}>
          {posting ? "Sharing…" : "Share Comment"}
        </button>
      </div>
    </Form>
  );
}

function CommentPicker({
  share,
  pick,
  hydrated,
  timeZone,
  onPick,
}: {
  share: OpenShare;
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
              className={`${button.small} aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white`}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="flex gap-1">
          {!hydrated ? (
            <button type="submit" name="intent" value="pick" className={`${button.small} hidden group-has-[input:checked]:inline-block`}>
              Use Selected Comment
            </button>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="clear"
            className={`${button.small} hidden group-has-[input:checked]:inline-block`}
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
          <button type="submit" name="intent" value="load-more" className={button.secondary}>
            Load More Comments
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}

function CommentOption({
  comment,
  checked,
  timeZone,
  onPick,
}: {
  comment: FetchedComment;
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
        </span>
      </span>
    </label>
  );
}
