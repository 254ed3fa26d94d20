// The two-step share dialog (docs/product.md §2), in the UI kit's URL-state <Dialog>: its state lives in the
// page URL (app/rules/share-dialog-state.ts) and every button posts to /share, so without JavaScript it is a
// server-rendered section of the page; with JavaScript it is a modal <dialog> and the fields update
// live (counter, picking a comment, disabled submit, paste from the clipboard). The pieces are in
// components/share/.
import { useEffect, useRef } from "react";
import { SHARE_TEXTS, type OpenShareDialog, type ShareDialogData } from "~/rules/share-dialog-state.ts";
import { useHydrated } from "./hooks.ts";
import { CommentStep } from "./share/comment-step.tsx";
import { VideoStep } from "./share/video-step.tsx";
import { LinkButton } from "./ui/button.tsx";
import { Dialog } from "./ui/dialog.tsx";

export function ShareDialog({ share, timeZone }: { share: ShareDialogData | null; timeZone: string }) {
  if (!share) return null;
  return (
    <Dialog title="Share a Funny Comment" closeHref={share.closeHref} size="lg">
      {share.signedIn ? (
        <ShareSteps share={share} timeZone={timeZone} />
      ) : (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-center">
          <h3 className="text-base font-semibold">{SHARE_TEXTS.authTitle}</h3>
          <p className="mt-1 text-sm text-slate-700">{SHARE_TEXTS.authDescription}</p>
          <LinkButton to={share.signInHref} className="mt-4">
            Sign In to Continue
          </LinkButton>
        </div>
      )}
    </Dialog>
  );
}

const STEPS = ["Video & Title", "Comment Details"] as const;

function ShareSteps({ share, timeZone }: { share: OpenShareDialog; timeZone: string }) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);

  // A new step or new messages (the dialog stays open): focus the field each step marks with
  // data-autofocus, the first one with a problem. On opening, the Dialog itself does this.
  const focusKey = `${share.step}:${Object.keys(share.errors).join()}`;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.querySelector<HTMLElement>("[data-autofocus]")?.focus();
  }, [focusKey]);

  return (
    <div ref={ref}>
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
