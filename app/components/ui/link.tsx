import { useEffect, type AnchorHTMLAttributes } from "react";
import { useFetchers, useNavigate } from "react-router";

// A link to a page of the app, as cheap as the <a> it renders: React Router's <Link> runs eight hooks
// per link (on the server for every page, and again when the page hydrates), and a list page has a
// hundred links. The one listener the root installs (`useLinkNavigation`) gives every such link the
// client-side navigation <Link> gives its own: the same checks, the same navigate() (decision 0092).
// Without JavaScript it is the plain link it always is. Its two options (replace the history entry,
// keep the scroll position: a tab, a dialog's address) ride on data attributes the listener reads.

/** The attribute React Router's lazy route discovery looks for (every <Link> renders it): the listener's mark too. */
const MARK = "data-discover";

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An address inside the app: "/post/12#comments". */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Keep the scroll position (the page stays, only a part of it changes). */
  preventScrollReset?: boolean;
  /** A whole new document (the error page's way out): a plain link, the listener leaves it alone. */
  reloadDocument?: boolean;
};

export function Link({ to, replace, preventScrollReset, reloadDocument, ...rest }: LinkProps) {
  if (reloadDocument) return <a href={to} {...rest} />;
  return <a href={to} data-discover="true" data-replace={replace || undefined} data-keep-scroll={preventScrollReset || undefined} {...rest} />;
}

// React Router 7 (7.18) loses a navigation that must first look up its route (lazy route discovery)
// when a fetcher's write answers, or its data comes back, during the lookup: the address changes and
// the old page stays under it (decision 0092). A link pressed while a write is under way therefore
// waits for it to settle — at most WRITE_WAIT_MS, a write that slow should not hold the press.
const WRITE_WAIT_MS = 3000;
let writing = false;
const whenSettled: Array<() => void> = [];

/** Rendered once by the root layout: watches the fetchers' writes without re-rendering the layout. */
export function WritesUnderWay() {
  const busy = useFetchers().some((f) => f.state !== "idle" && f.formMethod !== undefined && f.formMethod.toUpperCase() !== "GET");
  useEffect(() => {
    writing = busy;
    if (!busy) for (const run of whenSettled.splice(0)) run();
  }, [busy]);
  return null;
}

/**
 * Once per document (the root layout): a left click on a `Link`, without a modifier key and not already
 * handled, navigates in place, replacing the history entry when it points where the page already is
 * (as <Link> does); while a write is under way, once it has settled.
 */
export function useLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest(`a[${MARK}]`) : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      if (anchor.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${anchor.pathname}${anchor.search}${anchor.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      const go = () => void navigate(to, { replace: anchor.hasAttribute("data-replace") || to === here, preventScrollReset: anchor.hasAttribute("data-keep-scroll") });
      if (!writing) return go();
      let pending = true;
      const once = () => {
        if (pending) go();
        pending = false;
      };
      whenSettled.push(once);
      window.setTimeout(once, WRITE_WAIT_MS);
    };
    // After React's own listener on the document (hydrateRoot registers it first): a <Link> or an
    // onClick that handled the click has called preventDefault by then.
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
