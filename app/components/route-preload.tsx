import { useEffect } from "react";
import { useLocation } from "react-router";

type Manifest = { routes: Record<string, { module: string; hasDefaultExport?: boolean }> };

const requested = new Set<string>();

/**
 * A while after each page is shown, when the browser is idle, loads the code of the screens the site
 * knows so far (React Router adds those the page links to). A later navigation then only needs its
 * data: if the network is gone, the route's error screen (with Retry) shows, instead of React Router
 * reloading the document into the browser's offline page for want of the screen's code.
 */
export function useRouteModulePreload() {
  const { key } = useLocation();
  useEffect(() => {
    const preload = () => {
      const manifest = (window as unknown as { __reactRouterManifest?: Manifest }).__reactRouterManifest;
      for (const route of Object.values(manifest?.routes ?? {})) {
        if (!route.hasDefaultExport || requested.has(route.module)) continue;
        requested.add(route.module);
        import(/* @vite-ignore */ route.module).catch(() => requested.delete(route.module));
      }
    };
    const idle = () => ("requestIdleCallback" in window ? window.requestIdleCallback(preload) : preload());
    const timer = window.setTimeout(idle, 1500);
    return () => window.clearTimeout(timer);
  }, [key]);
}
