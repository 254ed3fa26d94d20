import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

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

/**
 * Once per document (the root layout): a left click on a `Link`, without a modifier key and not already
 * handled, navigates in place, replacing the history entry when it points where the page already is
 * (as <Link> does).
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
      void navigate(to, { replace: anchor.hasAttribute("data-replace") || to === here, preventScrollReset: anchor.hasAttribute("data-keep-scroll") });
    };
    // After React's own listener on the document (hydrateRoot registers it first): a <Link> or an
    // onClick that handled the click has called preventDefault by then.
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
