import { useEffect, type RefObject } from "react";

/**
 * A page works before its code arrives (it paints first, then hydrates): what was typed into a field
 * by then is not in React's state, and React's hydration writes a <textarea>'s server text back over
 * it. On mount this hands what was typed (noted by the head script, http/early-input.server.ts, else
 * the field's current value) to `setValue` and puts it back in the field, so a controlled field keeps
 * it and a counter or a limit applies to it.
 */
export function useDomValue(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  setValue: (value: string) => void,
  /** What to take when nothing was typed (e.g. a draft kept in the tab). */
  fallback?: () => string,
) {
  useEffect(() => {
    const box = ref.current;
    const early = (window as { __typed?: Record<string, string> }).__typed;
    const typed = box ? early?.[box.id] : undefined;
    if (box && typed !== undefined) {
      // Once: a field mounted later under the same id starts from its own text.
      delete early![box.id];
      box.value = typed;
      return setValue(typed);
    }
    const value = box?.value || fallback?.();
    if (value) setValue(value);
    // Only what was there before the code ran: later changes go through the field's own handler.
  }, []);
}
