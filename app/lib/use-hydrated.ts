import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False while rendering on the server and hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
