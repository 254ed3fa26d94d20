// Every FTS5 MATCH expression of the site is made here, and only here: a statement that runs MATCH
// takes an `FtsQuery`, which only these functions return. Whatever string arrives (a query parameter
// that skipped a schema, a NUL, a lone surrogate, quotes, FTS5 operators), it is cleaned first and
// then quoted, so no input is query syntax and none makes FTS5 fail ("unterminated string" was a NUL:
// FTS5 reads its expression as a C string).
import { foldWords } from "#db/words.ts";
import { cleanText, isInvisible } from "~/lib/text.ts";

declare const fts: unique symbol;
/** An FTS5 expression made by this module. */
export type FtsQuery = string & { readonly [fts]: true };

// With the u flag a surrogate range matches only a surrogate without its pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;

/**
 * Any string as text an index can look for: without unpaired surrogates, then the one text cleaning
 * (app/lib/text.ts: NFC, no control or bidi characters), white space as single spaces, and "" when
 * nothing in it would show.
 */
export function searchableText(q: string): string {
  const text = cleanText(q.replace(LONE_SURROGATE, "")).replace(/\s+/g, " ");
  return isInvisible(text) ? "" : text;
}

/** The text as one phrase (the trigram index's "contains"): quotes doubled inside double quotes. */
export function phraseQuery(q: string): FtsQuery | null {
  const text = searchableText(q);
  return text ? (`"${text.replaceAll('"', '""')}"` as FtsQuery) : null;
}

/**
 * The words of the text, folded as the word index keeps them (db/words.ts), as one expression: every
 * word must appear, the last one (still being typed) as a prefix once it has 2 characters. Each word
 * is quoted.
 */
export function wordsQuery(q: string): FtsQuery | null {
  const words = foldWords(searchableText(q));
  if (words.length === 0) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 && [...w].length >= 2 ? "*" : ""}`).join(" AND ") as FtsQuery;
}
