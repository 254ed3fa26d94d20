import { useEffect, type RefObject } from "react";

/**
 * A page works before its code arrives (it paints first, then hydrates): what was typed into a field
 * by then is in the DOM, not in React's state. On mount this hands the field's current value to
 * `setValue`, so a controlled field keeps it and a counter or a limit applies to it.
 */
export function useDomValue(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  setValue: (value: string) => void,
  /** What to take when nothing was typed (e.g. a draft kept in the tab). */
  fallback?: () => string,
) {
  useEffect(() => {
    const value = ref.current?.value || fallback?.();
    if (value) setValue(value);
    // Only what was there before the code ran: later changes go through the field's own handler.
  }, []);
}
