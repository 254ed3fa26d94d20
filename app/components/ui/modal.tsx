import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";

// The site's modal frame: the URL-state <Dialog> (./dialog.tsx) and <ModalLink>'s script-opened
// modal (./modal-link.tsx) both draw it. Pages with only a ModalLink (the home page) load it when
// one is first opened.

const widths = { md: "w-[min(32rem,calc(100vw-2rem))]", lg: "w-[min(42rem,calc(100vw-2rem))]" } as const;
export type DialogSize = keyof typeof widths;

const frameClass =
  "z-40 m-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 [&:not(:modal)]:relative [&:not(:modal)]:my-4";

export function Frame({
  dialogRef,
  title,
  close,
  onCancel,
  onClose,
  open,
  size = "md",
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  title: string;
  close: ReactNode;
  onCancel?: (event: React.SyntheticEvent<HTMLDialogElement>) => void;
  onClose?: () => void;
  open?: boolean;
  size?: DialogSize;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <dialog
      ref={dialogRef}
      open={open}
      aria-labelledby={headingId}
      className={`${frameClass} ${widths[size]}`}
      onCancel={onCancel}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget && event.currentTarget.matches(":modal")) {
          onCancel ? onCancel(event) : event.currentTarget.close();
        }
      }}
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={headingId} className="text-lg font-bold">
            {title}
          </h2>
          {close}
        </div>
        <div className="mt-3">{children}</div>
      </div>
    </dialog>
  );
}

export const closeClass = "rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100";

/**
 * A native modal shown as soon as it mounts (ModalLink's, ./modal-link.tsx, whose code loads when it
 * is first opened), closed by Escape, the backdrop or ×, which calls `onClose`.
 */
export function OpenModal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);
  return (
    <Frame
      dialogRef={dialog}
      title={title}
      onClose={onClose}
      close={
        <form method="dialog">
          <button type="submit" aria-label="Close" className={closeClass}>
            ×
          </button>
        </form>
      }
    >
      {children}
    </Frame>
  );
}
