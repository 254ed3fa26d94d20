import { lazy, type ComponentType } from "react";

/**
 * A component whose code is a chunk of its own, fetched the first time it renders in the browser
 * (or earlier, by `preload`, e.g. when the pointer nears its opener). Inside a <Suspense>, the rest
 * of the page hydrates without waiting for it; mind that React's server renderer sends a boundary
 * over 500 bytes late in a large page out of place, to be moved in by script (so without JavaScript
 * only its fallback shows). Without a <Suspense>, hydration (a transition) waits for the chunk.
 *
 * On the server the module that defines it awaits `ready` at its top level, so the server build is
 * loaded only with the code in hand and never suspends on it: every page it sends is complete (no
 * fallback streamed in its place, nothing missing without JavaScript). In the browser React
 * hydrates the rest of the page at once and this part when its chunk has arrived.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // a failed fetch (offline) may be tried again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function LazyComponent(props: P) {
    // The browser always renders the lazy wrapper (resolved, it renders at once): switching it for
    // the loaded component between renders would remount it and lose its state.
    const Loaded = import.meta.env.SSR ? loaded : null;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return {
    Component: LazyComponent,
    preload: () => void preload().catch(() => {}),
    /** Resolves once the code is loaded (for the server's top-level await). */
    ready: () => preload().then(() => undefined),
  };
}
