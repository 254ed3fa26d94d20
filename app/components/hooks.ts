import { startTransition, useEffect, useRef, useState } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { RootViewerData } from "~/lib/types.ts";

let hydrated = false;

/**
 * False in the server render and during hydration, true once the browser runs our scripts. The switch
 * goes through startTransition: React re-renders the switched parts in slices it can interrupt, not
 * in one task right after hydrating (as a store whose server snapshot differs makes it do), which
 * held a slow phone's main thread for ~35 ms on a page of ten cards. Parts mounted later start true.
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    if (!value) startTransition(() => setValue(true));
  }, [value]);
  return value;
}

/** The root loader's viewer, time zone and site name. */
export function useRootData() {
  const data = useRouteLoaderData<RootViewerData>("root");
  return { user: data?.user ?? null, timeZone: data?.timeZone ?? "UTC", siteName: data?.siteName ?? "Chortle" };
}

/**
 * Reloads the page's data every `everyMs` while the tab is visible, and at once when the tab comes
 * back after `staleMs` (docs/product.md §7: the feed refetches every 20 s, stale after 10 s).
 */
export function useRevalidateWhileVisible(everyMs: number, staleMs: number) {
  const { revalidate, state } = useRevalidator();
  const latest = useRef({ revalidate, state, loadedAt: 0 });
  latest.current.revalidate = revalidate;
  latest.current.state = state;
  useEffect(() => {
    if (state === "idle") latest.current.loadedAt = Date.now();
  }, [state]);
  useEffect(() => {
    latest.current.loadedAt = Date.now();
    const refresh = (olderThan: number) => {
      const l = latest.current;
      if (document.visibilityState === "visible" && l.state === "idle" && Date.now() - l.loadedAt >= olderThan) {
        void l.revalidate();
      }
    };
    const timer = setInterval(() => refresh(everyMs - 1000), everyMs);
    const onVisible = () => refresh(staleMs);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [everyMs, staleMs]);
}
