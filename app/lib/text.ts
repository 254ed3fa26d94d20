// Text as a person sees it, the one normalisation every text input goes through (the shared zod
// schemas call `cleanText`, the counters in the browser count with `visibleLength`):
// - NFC, so "é" typed two ways is one string (search, uniqueness, lengths agree);
// - no control characters but newline and tab (NUL and friends never reach the database);
// - no bidirectional overrides, embeddings or isolates (U+202A–202E, U+2066–2069), which let a name
//   or title read differently from what it is;
// - lengths in characters a person sees (grapheme clusters: "😂" and "👍🏽" are one each);
// - text of nothing but spaces and invisible characters (zero-width spaces …) is empty.
// Text with an unpaired surrogate is not text: `hasLoneSurrogate` lets the schemas refuse it.
// Values that are not free text (passwords, usernames, codes, links …) are not cleaned but refused
// when they hold such characters (`hasControlCharacter`, `hasUnsafeCharacter`; rules/schemas/text-fields.ts).

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;
/** Characters that show nothing by themselves (besides white space). */
const INVISIBLE = /[\s\u00AD\u034F\u115F\u1160\u180E\u200B-\u200F\u2060-\u2064\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_TEXT = "Text contains characters that are not allowed.";

/** Whether `value` holds a UTF-16 surrogate without its pair (not a character at all). */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const ANY_BIDI_CONTROL = new RegExp(BIDI_CONTROL.source);

/** Whether `value` holds a control character, newline and tab included (no format value has one). */
export function hasControlCharacter(value: string): boolean {
  return ANY_CONTROL.test(value);
}

/** Whether `value` could not be a token of any format: a control, bidi or unpaired character. */
export function hasUnsafeCharacter(value: string): boolean {
  return hasControlCharacter(value) || ANY_BIDI_CONTROL.test(value) || hasLoneSurrogate(value);
}

/** NFC, line breaks as \n, no control or bidi-override characters, trimmed. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, "\n").normalize("NFC").replace(CONTROL, "").replace(BIDI_CONTROL, "").trim();
}

/** True when nothing in `value` would show: empty, white space, zero-width and other invisible characters. */
export function isInvisible(value: string): boolean {
  return value.replace(INVISIBLE, "").length === 0;
}

let segmenter: Intl.Segmenter | undefined;
const graphemes = () => (segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" }));

/** The first `max` characters a person sees of `value` (never half an emoji). */
export function truncateVisible(value: string, max: number): string {
  if (visibleLength(value) <= max) return value;
  let out = "";
  let count = 0;
  for (const { segment } of graphemes().segment(value)) {
    if (count++ === max) break;
    out += segment;
  }
  return out;
}

/**
 * `value` with its runs of white space made one space, cut where the characters a person sees add up
 * to more than `max` (each counts `width(it)`, 1 unless said), the cut marked with an ellipsis. Reads
 * no further than the cut.
 */
export function ellipsize(value: string, max: number, width: (grapheme: string) => number = () => 1): string {
  const flat = value.replace(/\s+/g, " ").trim();
  let out = "";
  let used = 0;
  for (const { segment } of graphemes().segment(flat)) {
    used += width(segment);
    if (used > max) return `${out.trimEnd()}…`;
    out += segment;
  }
  return out;
}

/** How many characters a person sees (grapheme clusters). */
export function visibleLength(value: string): number {
  // Plain ASCII: one unit per character, no segmenting needed (most text, every keystroke's count).
  if (/^[\x20-\x7e\n\t]*$/.test(value)) return value.length;
  let count = 0;
  for (const _ of graphemes().segment(value)) count++;
  return count;
}
