import { HONEYPOT_FIELD } from "~/rules/form-guard.ts";

/**
 * The field people never fill (docs/product.md §11 "Spam"): off screen, hidden from screen readers
 * and out of the tab order, with no autofill hint. A bot that fills every field fills it, and the
 * route's contract (`botTrap`) refuses the form.
 */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="hp">
      <label>
        Homepage
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
