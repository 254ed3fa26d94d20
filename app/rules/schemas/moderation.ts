import { z } from "zod";
import {
  CASE_ACTION_VALUES,
  REPORT_NOTE_MAX,
  REPORT_NOTE_TOO_LONG,
  REPORT_REASON_VALUES,
  REPORT_TARGET_TYPES,
  REPORT_UNKNOWN_REASON,
  RESOLUTION_REASON_MAX,
  RESOLUTION_REASON_REQUIRED,
} from "../interactions/report.ts";
import { isoDateField } from "./date-field.ts";
import { IdSchema } from "./id-field.ts";
import { textField } from "./text-fields.ts";

// The report form, POST /api/reports and the queue's decisions parse with these.

export const ReportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: "targetType must be post, comment or user" }),
  targetId: IdSchema,
  reason: z.enum(REPORT_REASON_VALUES, { error: REPORT_UNKNOWN_REASON }),
  note: textField({ type: "The note must be text", max: { length: REPORT_NOTE_MAX, message: REPORT_NOTE_TOO_LONG } })
    .nullish()
    .transform((v) => v || null),
});
export type ReportInput = z.infer<typeof ReportSchema>;

/** The reason the author reads, required on every decision. */
export const ModerationReasonSchema = textField({
  type: RESOLUTION_REASON_REQUIRED,
  required: RESOLUTION_REASON_REQUIRED,
  max: { length: RESOLUTION_REASON_MAX, message: `The reason must be at most ${RESOLUTION_REASON_MAX} characters.` },
});

export const SUSPENSION_UNTIL_INVALID = "The end of a suspension must be a future date (YYYY-MM-DD or an ISO time), or empty for none.";

/**
 * `until`: a strict ISO 8601 date (as `<input type="date">` sends it) or date-time with its offset
 * (app/lib/dates.ts), or empty/null/absent for no end. A date alone ends at 00:00 UTC of that day.
 */
export const UntilSchema = z
  .preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    isoDateField("date or date-time", SUSPENSION_UNTIL_INVALID).nullish(),
  )
  .transform((value) => value ?? null);

export const ResolveCaseSchema = z.object({
  action: z.enum(CASE_ACTION_VALUES, { error: "action must be dismiss, remove or suspend" }),
  reason: ModerationReasonSchema,
  until: UntilSchema,
});
export type ResolveCaseInput = z.infer<typeof ResolveCaseSchema>;

export const SuspendSchema = z.object({ reason: ModerationReasonSchema, until: UntilSchema });

export const APPEAL_TEXT_MAX = 1000;
export const AppealSchema = z.object({
  subjectType: z.enum(["case", "suspension"], { error: "Nothing to appeal" }),
  subjectId: IdSchema,
  text: textField({
    type: "Write why the decision should change.",
    required: "Write why the decision should change.",
    max: { length: APPEAL_TEXT_MAX, message: `An appeal must be at most ${APPEAL_TEXT_MAX} characters.` },
  }),
});

export const DecideAppealSchema = z.object({ decision: z.enum(["upheld", "granted"], { error: "decision must be upheld or granted" }), reason: ModerationReasonSchema });

/** The Users tab's suspension forms: lift one, or suspend with a reason and an optional end. */
export const SuspendFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("lift") }),
  SuspendSchema.extend({ intent: z.literal("suspend") }),
], { error: "intent must be suspend or lift" });
