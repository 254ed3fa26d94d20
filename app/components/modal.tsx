import { useId, useRef, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";

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
            <button
              type="submit"
              aria-label="Close"
              className="rounded px-2 text-2xl leading-none text-slate-600 hover:bg-slate-100"
            >
              ×
            </button>
          </form>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/**
 * A link that opens its modal with JavaScript and otherwise goes to `to`, where the same content is
 * a page or a page section.
 */
export function ModalLink({
  to,
  title,
  className,
  label,
  children,
}: {
  to: string;
  title: string;
  className?: string;
  label: ReactNode;
  children: ReactNode;
}) {
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
