import { z } from "zod";
import { cleanText, hasControlCharacter, hasLoneSurrogate, hasUnsafeCharacter, INVALID_TEXT, isInvisible, visibleLength } from "../../lib/text.ts";

// Every string a schema accepts has a declared kind, made by one function per kind below; the
// schemas' test (text-kinds.test.ts) walks every exported schema and fails on a string without one
// (decision 0075).
// - text:   what a person writes and another reads (titles, comments, names, reasons, notes,
//           search queries): cleaned once (app/lib/text.ts), lengths in characters a person sees.
// - secret: a password: compared by its hash, so never altered; a value with a control character
//           or an unpaired surrogate is refused (nobody types one, and UTF-8 would blur it).
// - token:  a value whose characters a format fixes (usernames, e-mail addresses, codes, ids,
//           links, dates, slugs): refused when it holds a control, bidi or unpaired character,
//           then narrowed by its own regex or parser.

export const TEXT_KINDS = ["text", "secret", "token"] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/**
 * Which kind each schema made here is. A registry rather than a flag on the object: zod's checks
 * (`.max()`, `.refine()` …) return a copy whose registry entry is inherited from the schema it came
 * from, and wrappers (`.optional()`, `.transform()`, `.pipe()`) keep the marked schema inside.
 */
export const textKinds = z.registry<{ kind: TextKind }>();

function declareKind<T extends z.ZodType>(schema: T, kind: TextKind): T {
  textKinds.add(schema, { kind });
  return schema;
}

/** The declared kind of `schema` itself (not of what it wraps), if any. */
export function kindOf(schema: z.ZodType): TextKind | undefined {
  return textKinds.get(schema)?.kind;
}

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
  const field = z
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
  return declareKind(field, "text");
}

/** A string's type message: one text, or "{label} is required" when absent and another for the wrong type. */
type TypeMessage = string | { missing: string; wrongType: string };
const typeError = (type: TypeMessage) =>
  typeof type === "string" ? type : (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? type.missing : type.wrongType);

/**
 * A password, exactly as typed: no trimming, no NFC (a stored hash is of the bytes first chosen, and
 * a password is compared, never shown). A value with a control character or an unpaired surrogate
 * is refused with INVALID_TEXT; lengths are the caller's (`.min()`, `.max()`).
 */
export function secretField(type: TypeMessage) {
  return declareKind(
    z.string({ error: typeError(type) }).refine((value) => !hasControlCharacter(value) && !hasLoneSurrogate(value), INVALID_TEXT),
    "secret",
  );
}

/**
 * A value of a fixed format (a username, an address, a code, a slug, a link, a date): trimmed, then
 * refused with `invalid` (the field's own message for a malformed value) when it holds a control,
 * bidi or unpaired character; the caller narrows it further with its regex or parser (`.regex()`,
 * `.pipe(z.email())`, `.transform(parse)` …).
 */
export function tokenField(type: TypeMessage, invalid: string) {
  return declareKind(
    z
      .string({ error: typeError(type) })
      .trim()
      .refine((value) => !hasUnsafeCharacter(value), invalid),
    "token",
  );
}

const delegates = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Declares a schema that takes its value as it comes only to hand it to `inner` (a form's wrapper
 * around a shared schema, for its own messages or its "nothing to do"): its strings are `inner`'s.
 */
export function delegating<T extends z.ZodType>(schema: T, inner: z.ZodType): T {
  delegates.set(schema, inner);
  return schema;
}

/** The schema `schema` hands its value to, when it was declared `delegating`. */
export function delegateOf(schema: z.ZodType): z.ZodType | undefined {
  return delegates.get(schema);
}

/** Declares a schema whose own parser lets only the characters of its format through (an id read by `parseId`) a token. */
export function parsedToken<T extends z.ZodType>(schema: T): T {
  return declareKind(schema, "token");
}
