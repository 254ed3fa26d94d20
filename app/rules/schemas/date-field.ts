import { z } from "zod";
import { noSuchDate, parseIsoDate, type IsoDateForm } from "../../lib/dates.ts";
import { tokenField } from "./text-fields.ts";

/**
 * A date of any form or JSON body, by the one strict rule (app/lib/dates.ts), as a Date: `invalid`
 * for a value that is not one of the `form`s, 'No such date: …' for one that names no real day or time.
 */
export function isoDateField(form: IsoDateForm, invalid: string) {
  return tokenField(invalid, invalid).transform((text, ctx) => {
    const parsed = parseIsoDate(text, form);
    if (parsed.ok) return parsed.date;
    ctx.addIssue({ code: "custom", message: parsed.problem === "impossible" ? noSuchDate(text) : invalid });
    return z.NEVER;
  });
}
