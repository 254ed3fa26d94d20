import { useEffect, useState, type FormEvent } from "react";

// One press at a time per control (decision 0094). A toggle pressed again before its last press was
// answered (a vote switched back, a save undone) would otherwise send a second POST beside the first:
// the browser cancels the first fetch, but the server may already have read it, and the two then
// reach the database in either order, leaving the first press's state under the second's arrows. So a
// press made while the control's POST is unanswered is held (only the latest: each of these forms
// names the state it asks for, not a flip), shown at once like any press, and sent when the answer
// comes. Without JavaScript nothing changes: a press is a plain POST and its page.

type Submitting = { state: string; formData?: FormData; submit: (data: FormData, options: { method: "post"; action: string }) => Promise<void> };

/**
 * For a fetcher's form: its `onSubmit`, which holds a press while the last one is unanswered, and the
 * press to preview (the held one, else the one on its way).
 */
export function useOnePress({ state, formData, submit }: Submitting) {
  const [held, hold] = useState<[FormData, string] | null>(null);
  const sending = state === "submitting";
  useEffect(() => {
    if (sending || !held) return;
    hold(null);
    void submit(held[0], { method: "post", action: held[1] });
  }, [sending, held, submit]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!sending) return;
    event.preventDefault();
    const form = event.currentTarget;
    // The pressed button's name and value go in by hand: FormData(form, submitter) is Chrome 112+.
    const data = new FormData(form);
    const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (button?.name) data.set(button.name, button.value);
    hold([data, form.getAttribute("action")!]);
  };
  return { press: held?.[0] ?? formData ?? null, onSubmit };
}
