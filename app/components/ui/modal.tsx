import { useId, useRef, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";

// The site's modal frame, and its script-opened uses: <Modal> and <ModalLink> (a link whose target
// page holds the same content; with JavaScript it opens the content in a modal instead of
// navigating). The URL-state <Dialog> (./dialog.tsx) uses the same frame; it is a module of its own
// so that pages with only a ModalLink (the home page) do not load it.

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

/** A native modal opened by script (`ref.current.showModal()`), closed by Escape, the backdrop or ×. */
export function Modal({ dialogRef, title, children }: { dialogRef: RefObject<HTMLDialogElement | null>; title: string; children: ReactNode }) {
  return (
    <Frame
      dialogRef={dialogRef}
      title={title}
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

/**
 * A link that opens its modal with JavaScript and otherwise goes to `to`, where the same content is
 * a page or a page section.
 */
export function ModalLink({ to, title, className, label, children }: { to: string; title: string; className?: string; label: ReactNode; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Link
        to={to}
        className={className}
        onClick={(event) => {
          if (!dialog.current) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        {label}
      </Link>
      <Modal dialogRef={dialog} title={title}>
        {children}
      </Modal>
    </>
  );
}
