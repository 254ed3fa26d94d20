import { DRAWN_FIELD, DRAWN_FORM_MAX_HOURS, HONEYPOT_FIELD, HONEYPOT_MESSAGE, STAMP_UNREADABLE_MESSAGE, TOO_QUICK_MESSAGE } from "~/rules/form-guard.ts";
import { invalid, Problem } from "~/lib/problem.ts";
import { getEnv } from "../integrations/env.server.ts";
import { formDrawn, stampFormDrawn } from "../integrations/form-stamp.server.ts";
import { firstUse } from "../integrations/rate-limit.server.ts";

// The one check of a drawn form's traps (a route contract's `botTrap`, enforced by `admit` for the
// form wrappers and, for the honeypot, for a JSON body too: /api/register has no form to draw, but a
// script that fills every field it is given fills `homepage` there as well, decision 0192):
// - "honeypot": the hidden field must come back empty;
// - "timed": that, and the form's signed stamp must say it was drawn at least SIGNUP_MIN_SECONDS ago
//   (and not more than a day); SIGNUP_MIN_SECONDS=0 turns the stamp off. A refusal carries a stamp dated back by that much (`details.drawn`),
//   which the re-rendered form sends: the person who presses again gets through. A stamp passes once:
//   its id is kept (in rate-limits.db, beside the database: every worker sees it, a restart keeps it)
//   until the stamp is too old to pass anyway, so one stamp is one sign-up, whatever the session.

export type BotTrap = "honeypot" | "timed";

/** The stamp the re-rendered form carries after a refusal: a press right away passes. */
function retryStamp(now = Date.now()): string {
  return stampFormDrawn(now - getEnv().SIGNUP_MIN_SECONDS * 1000);
}

/** The fields a trap reads: a form's, or a JSON body's (`get` answers null for a field not sent). */
export type TrapFields = { get(name: string): unknown };

/** Throws Problem invalid when `fields` fail `trap`; a passing stamp is spent. */
export async function checkBotTrap(trap: BotTrap, fields: TrapFields, now = Date.now()): Promise<void> {
  // Filled is refused; absent is not (a script that draws no form is the budgets' to hold).
  const honey = fields.get(HONEYPOT_FIELD) ?? null;
  if (honey !== null && honey !== "") throw invalid(HONEYPOT_MESSAGE);
  if (trap !== "timed" || getEnv().SIGNUP_MIN_SECONDS === 0) return;
  const drawn = formDrawn(fields.get(DRAWN_FIELD));
  const age = drawn === null ? null : now - drawn.at;
  const refuse = (message: string) => new Problem("invalid", message, { details: { drawn: retryStamp(now) } });
  if (drawn === null || age === null || age > DRAWN_FORM_MAX_HOURS * 3600_000 || age < -5_000) throw refuse(STAMP_UNREADABLE_MESSAGE);
  if (age < getEnv().SIGNUP_MIN_SECONDS * 1000) throw refuse(TOO_QUICK_MESSAGE);
  // Spent now: kept a little longer than a stamp can pass at all.
  if (!(await firstUse("form-stamp", drawn.id, DRAWN_FORM_MAX_HOURS * 3600 + 60))) throw refuse(STAMP_UNREADABLE_MESSAGE);
}
