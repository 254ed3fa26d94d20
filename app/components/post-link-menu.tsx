import { useEffect, useRef, type ReactNode } from "react";
import { useHydrated } from "./hooks.ts";

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

type MenuActions = typeof import("./menu-actions.ts");
let actions: MenuActions | null = null;
const loadActions = () => import("./menu-actions.ts").then((m) => (actions = m));
/** Runs `act` with ./menu-actions.ts: at once once a menu has opened (it is fetched then), else when it arrives. */
const withActions = (act: (m: MenuActions) => unknown) => () => void (actions ? act(actions) : loadActions().then(act));

/**
 * A <details> menu: it opens without JavaScript; with it, a press outside, Escape (the focus back on
 * its summary) or choosing an entry closes it (./menu-actions.ts, fetched when a menu first opens).
 * Its summary, panel and entries are styled by .menu (app.css); `className` adds the menu's own
 * (.share, .more).
 */
export function DetailsMenu({ summary, className, children }: { summary: ReactNode; className: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  // While open: what closes it (undone when it closes, or when the menu leaves the page).
  const undo = useRef<(() => void) | null>(null);
  const stop = () => {
    undo.current?.();
    undo.current = null;
  };
  useEffect(() => stop, []);
  const onToggle = () => {
    const menu = ref.current;
    stop();
    if (menu?.open)
      withActions((m) => {
        if (menu.open && !undo.current) undo.current = m.dismissible(menu);
      })();
  };

  return (
    <details ref={ref} className={`menu ${className}`} onToggle={onToggle}>
      <summary>{summary}</summary>
      <div onClick={() => ref.current?.removeAttribute("open")}>{children}</div>
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

  const copy = withActions((m) => m.copyLink(url));
  const nativeShare = withActions((m) => m.nativeShare(title, url));

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
