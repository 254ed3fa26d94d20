import { useEffect, useState } from "react";
import type { Toast } from "~/lib/toast.ts";

const DEFAULT_MS = 5000;

/**
 * One toast at a time in an aria-live region. Server-rendered, so a flash toast shows without JS;
 * with JS it fades after its duration and can be dismissed.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [shown, setShown] = useState(toast);
  useEffect(() => setShown(toast), [toast]);
  useEffect(() => {
    const onToast = (e: Event) => setShown((e as CustomEvent<Toast>).detail);
    window.addEventListener("chortle:toast", onToast);
    return () => window.removeEventListener("chortle:toast", onToast);
  }, []);
  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => setShown(null), shown.duration ?? DEFAULT_MS);
    return () => clearTimeout(t);
  }, [shown]);

  const tone =
    shown?.type === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : shown?.type === "success"
        ? "border-emerald-300 bg-emerald-50 text-emerald-900"
        : "border-slate-300 bg-white text-slate-900";
  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed bottom-4 right-4 z-50 w-80 max-w-[calc(100vw-2rem)]">
      {shown ? (
        <div data-testid="toast" className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${tone}`}>
          <div className="flex items-start gap-2">
            <div className="flex-1">
              <p className="font-semibold">{shown.title}</p>
              {shown.description ? <p className="mt-1 text-sm">{shown.description}</p> : null}
              {shown.undo ? (
                // A plain form: Undo works without JavaScript too (POST → 303 back → its own toast).
                <form method="post" action={shown.undo.action} className="mt-2">
                  <input type="hidden" name="intent" value={shown.undo.intent} />
                  <button type="submit" className="text-sm font-semibold underline">
                    Undo
                  </button>
                </form>
              ) : null}
            </div>
            <button
              type="button"
              className="rounded px-1 text-lg leading-none opacity-60 hover:opacity-100"
              aria-label="Dismiss"
              onClick={() => setShown(null)}
            >
              ×
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** Shows a toast from client code (fetcher results, clipboard, …). */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent("chortle:toast", { detail: toast }));
}
