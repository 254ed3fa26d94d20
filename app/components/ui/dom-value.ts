import { useEffect, useState, type RefObject } from "react";

// What a person types before the page's code arrives (it paints first and hydrates later, a second or
// more on a slow phone) is in the fields, not in React's state, and React's hydration writes a
// <textarea>'s server text back over it (the head script, routes/root/early-input.server.ts, notes what was
// typed). This module is the one way a component learns what its fields hold: when it hydrates, from
// the fields themselves (the note first), and after that from the form's own input and change events,
// never from a field's handler that hydration may have missed. docs/decisions/0081.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const earlyNotes = () => (window as { __typed?: Record<string, string> }).__typed;

/**
 * What `field` holds now: what was typed into it before the code arrived (put back into the field, and
 * taken once: a field mounted later under the same id starts from its own text), else its value.
 */
function typedValue(field: Field): string {
  const early = earlyNotes();
  const typed = field.id ? early?.[field.id] : undefined;
  if (typed === undefined) return field.value;
  delete early![field.id];
  field.value = typed;
  return typed;
}

/** Every named field of `form` as text (a checkbox counts when checked, as the form would send it). */
export function readForm(form: HTMLFormElement): Record<string, string> {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) typedValue(element);
  }
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && !(name in values)) values[name] = value;
  return values;
}

/**
 * The state every form's enabled buttons, counters and hints follow: its fields' values, read when the
 * form hydrates (what was typed before the code arrived included) and again on every input or change
 * event the form sees. `initial` is what the server rendered (the values before hydration).
 */
export function useFormValues(formRef: RefObject<HTMLFormElement | null>, initial: Record<string, string> = {}): Record<string, string> {
  const [values, setValues] = useState(initial);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const read = () => setValues(readForm(form));
    read();
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, [formRef]);
  return values;
}

/**
 * For a field whose component keeps its own state (a counter, a draft): on mount, hands what the field
 * holds (typed early included, else `fallback`, e.g. a draft kept in the tab) to `setValue`.
 */
export function useDomValue(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  setValue: (value: string) => void,
  /** What to take when nothing was typed (e.g. a draft kept in the tab). */
  fallback?: () => string,
) {
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const typedEarly = Boolean(box.id) && earlyNotes()?.[box.id] !== undefined;
    const value = typedValue(box);
    if (typedEarly) return setValue(value); // even emptied: what the person left there
    const start = value || fallback?.();
    if (start) setValue(start);
    // Only what was there before the code ran: later changes go through the field's own handler.
  }, []);
}
