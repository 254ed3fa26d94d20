import { DRAWN_FIELD, DRAWN_FORM_MAX_HOURS, HONEYPOT_FIELD, HONEYPOT_MESSAGE, STAMP_UNREADABLE_MESSAGE, TOO_QUICK_MESSAGE } from "~/rules/form-guard.ts";
import { invalid, Problem } from "~/lib/problem.ts";
import { getEnv } from "../integrations/env.server.ts";
import { formDrawnAt, stampFormDrawn } from "../integrations/form-stamp.server.ts";

// The one check of a drawn form's traps (a route contract's `botTrap`, enforced by `admit` for the
// form wrappers; the JSON API has no form to draw and is held by the budgets):
// - "honeypot": the hidden field must come back empty;
// - "timed": that, and the form's signed stamp must say it was drawn at least SIGNUP_MIN_SECONDS ago
//   (and not more than a day); SIGNUP_MIN_SECONDS=0 turns the stamp off. A refusal carries a stamp dated back by that much (`details.drawn`),
//   which the re-rendered form sends: the person who presses again gets through.

export type BotTrap = "honeypot" | "timed";

/** The stamp the re-rendered form carries after a refusal: a press right away passes. */
function retryStamp(now = Date.now()): string {
  return stampFormDrawn(now - getEnv().SIGNUP_MIN_SECONDS * 1000);
}

/** Throws Problem invalid when `form` fails `trap`. */
export function checkBotTrap(trap: BotTrap, form: FormData, now = Date.now()): void {
  // Filled is refused; absent is not (a script that draws no form is the budgets' to hold).
  const honey = form.get(HONEYPOT_FIELD);
  if (honey !== null && honey !== "") throw invalid(HONEYPOT_MESSAGE);
  if (trap !== "timed" || getEnv().SIGNUP_MIN_SECONDS === 0) return;
  const drawnAt = formDrawnAt(form.get(DRAWN_FIELD));
  const age = drawnAt === null ? null : now - drawnAt;
  const refuse = (message: string) => new Problem("invalid", message, { details: { drawn: retryStamp(now) } });
  if (age === null || age > DRAWN_FORM_MAX_HOURS * 3600_000 || age < -5_000) throw refuse(STAMP_UNREADABLE_MESSAGE);
  if (age < getEnv().SIGNUP_MIN_SECONDS * 1000) throw refuse(TOO_QUICK_MESSAGE);
}
