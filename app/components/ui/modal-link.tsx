import { Suspense, useState, type ReactNode } from "react";
import { Link } from "~/components/ui/link.tsx";
import { lazyComponent } from "../lazy.tsx";

// The modal's code (the frame, ./modal.tsx) loads when the pointer or focus reaches the link, or on
// the first click; it only ever renders in the browser, so its <Suspense> holds no server HTML.
const modal = lazyComponent(() => import("./modal.tsx").then((m) => m.OpenModal));

/**
 * A link that opens its content in a modal with JavaScript and otherwise goes to `to`, where the
 * same content is a page or a page section.
 */
export function ModalLink({ to, title, className, label, children }: { to: string; title: string; className?: string; label: ReactNode; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to={to}
        className={className}
        onPointerEnter={modal.preload}
        onFocus={modal.preload}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <modal.Component title={title} onClose={() => setOpen(false)}>
            {children}
          </modal.Component>
        </Suspense>
      ) : null}
    </>
  );
}
