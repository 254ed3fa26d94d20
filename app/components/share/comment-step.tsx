// Step 2 'Comment Details': the comment (typed, pasted or picked from the video's comments), its
// author and a category. The fields are live with JavaScript (counter, disabled submit, paste).
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button.tsx";
import { CATEGORIES } from "~/lib/category-list.ts";
import { POST_LIMITS } from "~/rules/post-rules.ts";
import { SHARE_PARAM, SHARE_TEXTS, type OpenShareDialog, type ShareValues } from "~/rules/share-dialog-state.ts";
import { showToast } from "../toaster.tsx";
import { CommentPicker } from "./comment-picker.tsx";
import { ApiError, Field, Hidden, shareInputClass, TextInput, VideoCard } from "./fields.tsx";
import { truncateVisible, visibleLength } from "~/lib/text.ts";
import { keepShareDraft, recallShareDraft } from "./share-draft.ts";
import { readForm } from "../ui/dom-value.ts";
import { Honeypot } from "~/components/ui/honeypot.tsx";
import { AlreadyShared } from "./already-shared.tsx";
import { CommentSearch } from "./comment-search.tsx";

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

export function CommentStep({ share, timeZone, hydrated }: { share: OpenShareDialog; timeZone: string; hydrated: boolean }) {
  const [fields, setFields] = useSyncedState(share.values);
  const [pasted, setPasted] = useState(false);
  const navigation = useNavigation();
  const posting = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  // Empty, as docs/product.md §5 says: blank-only text is left to the server ('Please fill out all fields.').
  const incomplete = !fields.text || !fields.author || !fields.category;
  const submitDisabled = posting || (hydrated && incomplete);
  const set = (patch: Partial<ShareValues>) => setFields((f) => ({ ...f, ...patch }));
  const video = share.video;
  const formRef = useRef<HTMLFormElement>(null);

  // What was typed before this code arrived (the page works before hydration) becomes the state, so
  // the counter and the submit button agree with what the fields show.
  // React's hydration writes the textarea's server text back over what was typed: the head script's
  // note of it (routes/root/early-input.server.ts) comes first. Nothing typed and nothing from the server:
  // the draft this tab kept for the video (a dropped connection, a reload).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const values = readForm(form); // ui/dom-value.ts: the fields, the early note first
    const typed = { text: values[SHARE_PARAM.text], author: values[SHARE_PARAM.author], category: values[SHARE_PARAM.category] };
    const kept = typed.text || typed.author || typed.category ? null : recallShareDraft(share.values.url);
    setFields((f) => ({ ...f, text: kept?.text ?? typed.text ?? f.text, author: kept?.author ?? typed.author ?? f.author, category: kept?.category ?? typed.category ?? f.category }));
  }, [setFields]);

  useEffect(() => {
    keepShareDraft(share.values.url, { text: fields.text, author: fields.author, category: fields.category });
  }, [share.values.url, fields.text, fields.author, fields.category]);
  // Shared: the action sends the person on to the new post.
  const shared = posting && navigation.state === "loading" && navigation.location.pathname.startsWith("/post/");
  useEffect(() => {
    if (shared) keepShareDraft(share.values.url, null);
  }, [shared, share.values.url]);

  useEffect(() => {
    if (!pasted) return;
    const timer = setTimeout(() => setPasted(false), 2000);
    return () => clearTimeout(timer);
  }, [pasted]);

  async function paste() {
    try {
      const text = await navigator.clipboard.readText();
      set({ text: truncateVisible(text, POST_LIMITS.commentMax) });
      setPasted(true);
    } catch {
      showToast({ type: "error", title: SHARE_TEXTS.clipboardTitle, description: SHARE_TEXTS.clipboardDescription });
    }
  }

  const length = visibleLength(fields.text);
  const lookups = Boolean(video && !video.keyNotConfigured);
  // On the site already: the picked comment (by its id, known for every listed comment, so picking
  // with JavaScript shows it at once) or the typed quote as the server last saw it.
  const existing = fields.pick ? (share.sharedComments[fields.pick] ?? null) : fields.text === share.values.text ? share.alreadyShared : null;
  // The video, the search box and 'Already shared' (its upvote is a form) stand outside the share form.
  return (
    <div className="space-y-4">
      {video ? <VideoCard details={video.details} timeZone={timeZone} /> : null}
      {share.apiError ? <ApiError message={share.apiError} keyNotConfigured={Boolean(video?.keyNotConfigured)} /> : null}
      {lookups ? <CommentSearch share={share} fields={fields} /> : null}
      {existing ? <AlreadyShared post={existing} /> : null}
      <Form ref={formRef} method="post" action="/share" preventScrollReset className="space-y-4" noValidate>
        <Honeypot />
        {/* Enter in a field means 'share' (the first submit button is the form's default). */}
        <button type="submit" name="intent" value="create" hidden tabIndex={-1} disabled={submitDisabled} />
        <Hidden share={share} names={["url", "title", "order", "find"]} />
        {lookups ? <CommentPicker share={share} pick={fields.pick} hydrated={hydrated} timeZone={timeZone} onPick={set} /> : null}
        <FormAlert message={share.errors.pick} />
        <Field
          id="share-text"
          label="Comment text"
          extra={
            hydrated ? (
              <button type="button" onClick={paste} className={buttonClass({ variant: "secondary", size: "sm" })} aria-label="Paste from clipboard">
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
            value={fields.text}
            onChange={(e) => set({ text: truncateVisible(e.target.value, POST_LIMITS.commentMax) })}
            placeholder="Type or paste the funny comment"
            aria-describedby="share-text-count"
            className={shareInputClass}
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
            className={shareInputClass}
          >
            <option value="">Select a category</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <FormAlert message={share.errors.fields} />
        {existing ? null : <FormAlert message={share.errors.shared} />}
        <div className="flex justify-between gap-2 pt-2">
          <button type="submit" name="intent" value="back" className={buttonClass({ variant: "secondary" })}>
            Back
          </button>
          <button type="submit" name="intent" value="create" disabled={submitDisabled} className={buttonClass()}>
            {posting ? "Sharing…" : "Share Comment"}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** A message about the form as a whole (red, announced). */
function FormAlert({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      {message}
    </p>
  ) : null;
}
