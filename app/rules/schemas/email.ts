import { z } from "zod";
import { EMAIL_KIND_LIST, UNSUBSCRIBE_SCOPES, type EmailKind } from "../email-rules.ts";
import { IdSchema } from "./id-field.ts";
import { tokenField } from "./text-fields.ts";

/** PATCH /api/me/email-preferences: any of the kinds, each true or false; nothing else. */
export const EmailPreferencesPatchSchema = z
  .strictObject(Object.fromEntries(EMAIL_KIND_LIST.map((k) => [k, z.boolean({ error: `${k} must be true or false` }).optional()])) as Record<EmailKind, z.ZodOptional<z.ZodBoolean>>)
  .refine((v) => Object.keys(v).length > 0, "Name at least one e-mail kind to change");

/** The settings page's form: one checkbox per kind ("on" when ticked; absent when not). */
export const EmailPreferencesFormSchema = z.object(
  Object.fromEntries(EMAIL_KIND_LIST.map((k) => [k, z.literal("on", { error: "Tick the box or leave it" }).optional()])) as Record<EmailKind, z.ZodOptional<z.ZodLiteral<"on">>>,
);

/** An unsubscribe link's query: the member, the scope and its signature. */
export const UnsubscribeLinkSchema = z.object({
  u: IdSchema,
  scope: z.enum(UNSUBSCRIBE_SCOPES, { error: "Unknown e-mail kind" }),
  sig: tokenField("Signature missing", "Signature not valid").regex(/^[A-Za-z0-9_-]{16,64}$/, "Signature not valid"),
});
