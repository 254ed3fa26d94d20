import { z } from "zod";
import { cleanText, hasLoneSurrogate, INVALID_TEXT, isInvisible, visibleLength } from "../text.ts";

/**
 * A text field of any form or JSON body: refused when it holds an unpaired surrogate, then cleaned
 * once (app/lib/text.ts); text of nothing but invisible characters becomes "". `min` and `max` count
 * the characters a person sees. Messages are the field's own.
 */
export function textField({
  type,
  required,
  min,
  max,
}: {
  /** The message when the value is not a string. */
  type: string;
  /** The message when it is empty (absent: empty is allowed). */
  required?: string;
  min?: { length: number; message: string };
  max?: { length: number; message: string };
}) {
  return z
    .string({ error: type })
    .refine((value) => !hasLoneSurrogate(value), INVALID_TEXT)
    .transform((value) => {
      const clean = cleanText(value);
      return isInvisible(clean) ? "" : clean;
    })
    .superRefine((value, ctx) => {
      const length = visibleLength(value);
      if (length === 0) {
        if (required) ctx.addIssue({ code: "custom", message: required });
        return;
      }
      if (min && length < min.length) ctx.addIssue({ code: "custom", message: min.message });
      if (max && length > max.length) ctx.addIssue({ code: "custom", message: max.message });
    });
}
