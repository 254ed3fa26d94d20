import { useId, type ReactNode, type RefObject } from "react";

/**
 * A native modal <dialog> (focus trap, Escape and the backdrop close it). Opened by script with
 * `ref.current.showModal()`; pages keep a no-JS route to the same content (a link or a section).
 */
export function Modal({
  dialogRef,
  title,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={headingId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={headingId} className="text-lg font-bold">
            {title}
          </h2>
          <form method="dialog">
            <button type="submit" aria-label="Close" className="rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100">
              ×
            </button>
          </form>
        </div>
        {children}
      </div>
    </dialog>
  );
}
