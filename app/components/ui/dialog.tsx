import { useEffect, useRef, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { Link } from "~/components/ui/link.tsx";
import { closeClass, Frame, type DialogSize } from "./modal.tsx";

export type { DialogSize };

// One dialog for the site, in two uses:
// - <Dialog>: its open state is the URL (?confirm=…, ?edit=profile, ?share=1). Without JavaScript it is
//   a section of the server-rendered page; with JavaScript the same markup becomes a modal <dialog>
//   (showModal: focus kept inside, Escape closes by going to `closeHref`, focus returns to the opener).
// - <ModalLink> (./modal.tsx): a link whose target page holds the same content; with JavaScript it
//   opens the content in a modal instead of navigating.

/**
 * A dialog whose open state is the URL: render it when the URL says so; `closeHref` closes it.
 * With JavaScript the page behind it does not scroll, and however the browser closes it (Escape,
 * twice), the URL follows.
 */
export function Dialog({ title, closeHref, size, children }: { title: string; closeHref: string; size?: DialogSize; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const leave = () => navigate(closeHref, { preventScrollReset: true, replace: true });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.matches(":modal")) {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    dialog.dataset.modal = "1";
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (opener?.isConnected && opener !== document.body) opener.focus();
    };
  }, []);
  return (
    <Frame
      dialogRef={ref}
      open
      title={title}
      size={size}
      onCancel={(event) => {
        event.preventDefault();
        leave();
      }}
      onClose={() => {
        // Closed by the browser while the URL still says open (the close() before showModal() above
        // happens while the dialog is not yet modal, and is not this case).
        if (ref.current?.isConnected && !ref.current.open && ref.current.dataset.modal === "1") leave();
      }}
      close={
        <Link to={closeHref} preventScrollReset replace aria-label="Close" className={closeClass}>
          ×
        </Link>
      }
    >
      {children}
    </Frame>
  );
}

