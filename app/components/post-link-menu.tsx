import { useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "./hooks.ts";
import { showToast } from "./toaster.tsx";

const e = encodeURIComponent;

/** Where a post can be shared: plain links, so they work without JavaScript. */
function shareTargets(url: string, title: string) {
  return [
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${e(url)}` },
    { label: "X (Twitter)", href: `https://twitter.com/intent/tweet?url=${e(url)}&text=${e(title)}` },
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}` },
    { label: "Email", href: `mailto:?subject=${e(title)}&body=${e(url)}` },
  ];
}

/**
 * A <details> menu: it opens without JavaScript; with it, a press outside, Escape (the focus back on
 * its summary) or choosing an entry closes it. Its summary, panel and entries are styled by .menu
 * (app.css); `className` adds the menu's own (.share, .more).
 */
export function DetailsMenu({ summary, className, children }: { summary: ReactNode; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => ref.current?.removeAttribute("open");

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        close();
        ref.current?.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("click", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <details ref={ref} className={`menu ${className}`} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      <div onClick={close}>{children}</div>
    </details>
  );
}

/**
 * docs/product.md §2's Share menu: a social network, a microblog, a professional network, e-mail, copy link
 * ('Link copied!') and the native share sheet when the browser has one. Without JavaScript the links
 * still work and the post's address is shown to copy by hand. Only sharing: what a member does to
 * the post itself (report, edit) is in the post's own menu (./post-card.tsx).
 */
export function ShareMenu({ url, title }: { url: string; title: string }) {
  const hydrated = useHydrated();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ type: "success", title: "Link copied!" });
    } catch {
      showToast({
        type: "error",
        title: "Clipboard Error",
        description: "Unable to access clipboard. Please paste manually.",
      });
    }
  };
  const nativeShare = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // Dismissed by the user: nothing to say.
    }
  };

  return (
    // Its arrow is the summary's ::before (app.css).
    <DetailsMenu summary="Share" className="share">
      {shareTargets(url, title).map((target) => (
        <a
          key={target.label}
          href={target.href}
          {...(target.href.startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
        >
          {target.label}
        </a>
      ))}
      {hydrated ? (
        <button type="button" onClick={copy}>
          Copy link
        </button>
      ) : (
        <a href={url} className="url">
          {url}
        </a>
      )}
      {hydrated && typeof navigator.share === "function" ? (
        <button type="button" onClick={nativeShare}>
          Share via…
        </button>
      ) : null}
    </DetailsMenu>
  );
}
