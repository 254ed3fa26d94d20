import { Form } from "react-router";

/**
 * 'Hide what I've read' on the home page: a plain form (POST /mutes → 303 back → toast), so it works
 * without JavaScript; the same setting as on /mutes.
 */
export function HideReadSwitch({ on }: { on: boolean }) {
  return (
    <Form method="post" action="/mutes" className="flex items-center justify-end gap-2 text-sm">
      <input type="hidden" name="intent" value="hide-read" />
      <input type="hidden" name="on" value={on ? "off" : "on"} />
      <span id="hide-read-label">Hide what I've read</span>
      <button type="submit" role="switch" aria-checked={on} aria-labelledby="hide-read-label" className={on ? "chip bg-brand text-white" : "chip"}>
        {on ? "On" : "Off"}
      </button>
    </Form>
  );
}
