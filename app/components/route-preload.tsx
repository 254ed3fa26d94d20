import { useEffect } from "react";
import { useLocation } from "react-router";

type Manifest = { routes: Record<string, { module: string; imports?: string[]; hasDefaultExport?: boolean }> };

const requested = new Set<string>();


/**
 * A while after each page is shown, when the browser is idle, fetches the code of the screens the site
 * knows so far (React Router adds those the page links to), each module with the chunks it imports. A
 * later navigation then only needs its data: if the network is gone, the route's error screen (with
 * Retry) shows, instead of React Router reloading the document into the browser's offline page for
 * want of the screen's code. Fetched as modulepreload, not imported: the code is parsed but runs only
 * when its screen is opened (running every screen's module at once, zod schemas and all, was one
 * long task on a slow phone). Not with Save-Data or a slow link: that code may never be needed.
 */
export function useRouteModulePreload() {
  const { key } = useLocation();
  useEffect(() => {
    // The phone asks to save data (Save-Data) or its link is slow: other screens' code waits until opened.
    const link = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
    if (link?.saveData || /2g|3g/.test(String(link?.effectiveType))) return;
    const preload = () => {
      const manifest = (window as unknown as { __reactRouterManifest?: Manifest }).__reactRouterManifest;
      for (const route of Object.values(manifest?.routes ?? {})) {
        if (!route.hasDefaultExport) continue;
        for (const href of [route.module, ...(route.imports ?? [])]) {
          if (requested.has(href)) continue;
          requested.add(href);
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = href;
          link.onerror = () => requested.delete(href);
          document.head.appendChild(link);
        }
      }
    };
    const idle = () => ("requestIdleCallback" in window ? window.requestIdleCallback(preload) : preload());
    const timer = window.setTimeout(idle, 1500);
    return () => window.clearTimeout(timer);
  }, [key]);
}
