// The two-step share dialog (SPEC §2). Its state lives in the page URL (app/lib/share.ts) and every
// button posts to /share, so without JavaScript it is a server-rendered section of the page; with
// JavaScript the same markup becomes a modal <dialog> (focus kept inside, Escape closes) and the
// fields update live (counter, picking a comment, disabled submit, paste from the clipboard).
import { useEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { LinkButton } from "./ui/button.tsx";
import { useHydrated } from "./hooks.ts";
import { SHARE_TEXTS, type OpenShareDialog, type ShareDialogData } from "~/lib/share.ts";
import { CommentStep } from "./share/comment-step.tsx";
import { VideoStep } from "./share/video-step.tsx";

function focusFirst(dialog: HTMLElement) {
  const target = dialog.querySelector<HTMLElement>('[aria-invalid="true"]') ?? dialog.querySelector<HTMLElement>("[data-autofocus]");
  target?.focus();
}

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
            <LinkButton to={share.signInHref} className="mt-4">
              Sign In to Continue
            </LinkButton>
          </div>
        </div>
      )}
    </dialog>
  );
}

const STEPS = ["Video & Title", "Comment Details"] as const;

function ShareSteps({ share, timeZone, hydrated }: { share: OpenShareDialog; timeZone: string; hydrated: boolean }) {
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
