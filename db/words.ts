// The one fold of a text into words, and how a muted phrase is found in folded words (decision
// 0160). Used by the word index (posts_search is filled with folded text by the triggers),
// by a post's folded words (post_words, what its mutes are checked against), by comments (matched
// when read) and by every mute key: so "ｐｉｎｅａｐｐｌｅ", "𝐩𝐢𝐧𝐞𝐚𝐩𝐩𝐥𝐞", "ⓟⓘⓝⓔⓐⓟⓟⓛⓔ", "pine\u200Bapple",
// "pine\u00ADapple", "PINEAPPLE" and "pïneapple" are one word everywhere. The SQL functions
// `fold_text`, `post_words` and `holds_muted_word` (db/client.server.ts) call these, on every connection.
// Pure: no database, no app code.

// Characters that show nothing and may sit inside a word: soft hyphen, zero-width space/joiners,
// word joiner, BOM, variation selectors… (Unicode's Default_Ignorable_Code_Point).
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const MARKS = /\p{M}+/gu;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A text as the words it holds: ignorable characters dropped, compatibility forms folded (NFKD:
 * full-width, mathematical, circled and superscript letters, ligatures), case folded (upper then
 * lower: "ß" and "SS" agree), accents dropped ("Café" is "cafe"), then runs of letters and digits.
 */
export function foldWords(text: string): string[] {
  return text.replace(IGNORABLE, "").normalize("NFKD").toUpperCase().toLowerCase().normalize("NFKD").replace(MARKS, "").match(WORD) ?? [];
}

/** The folded words joined by one space: a mute's key, and what the word index is given. */
export function foldText(text: string): string {
  return foldWords(text).join(" ");
}

/** Between two fields of a post's words: no muted phrase spans it (a key holds letters and digits only). */
const FIELD = " | ";

/** A post's folded words, its fields apart (post_words): what its mutes are checked against. */
export function postWords(...fields: unknown[]): string {
  return fields.map((f) => foldText(String(f ?? ""))).join(FIELD);
}

/** Muted keys ready to test rows by: the keys, every proper prefix of one (in words), their most words. */
export type MuteMatcher = { readonly keys: ReadonlySet<string>; readonly prefixes: ReadonlySet<string>; readonly maxWords: number };

/** Folded keys (foldText) compiled to test texts by: a viewer's mutes, an admin's rules. */
export function muteMatcher(keys: readonly string[]): MuteMatcher {
  const prefixes = new Set<string>();
  let maxWords = 0;
  for (const key of keys) {
    const words = key.split(" ");
    maxWords = Math.max(maxWords, words.length);
    for (let n = 1; n < words.length; n++) prefixes.add(words.slice(0, n).join(" "));
  }
  return { keys: new Set(keys.filter(Boolean)), prefixes, maxWords };
}

/**
 * Each key folded words (foldText or postWords) hold as whole words: "cat" is in "Cat!" and "CAT's",
 * not in "category". One pass over the words; at each, the phrase starting there is grown word by
 * word only while it begins some key: at most maxWords (MAX_MUTE_WORDS) set lookups per word of the
 * text, whatever the number of keys. `found` is told each key met and returns true to stop. Returns
 * the set lookups made (the work a caller's bound is proven by).
 */
export function eachMatchedKey(folded: string, matcher: MuteMatcher, found: (key: string) => boolean): number {
  const { keys, prefixes, maxWords } = matcher;
  if (keys.size === 0 || folded === "") return 0;
  let lookups = 0;
  // Walked by index (no array of the row's words is made: that was most of a row's cost).
  const end = folded.length;
  for (let start = 0; start < end; ) {
    const space = folded.indexOf(" ", start);
    const stop = space < 0 ? end : space;
    for (let n = 1, phraseEnd = stop; ; n++) {
      const phrase = folded.slice(start, phraseEnd);
      lookups++;
      if (keys.has(phrase) && found(phrase)) return lookups;
      if (n >= maxWords || phraseEnd >= end || !prefixes.has(phrase)) break;
      const next = folded.indexOf(" ", phraseEnd + 1);
      phraseEnd = next < 0 ? end : next;
    }
    start = stop + 1;
  }
  return lookups;
}

/** Whether folded words hold a muted key as whole words (eachMatchedKey, stopped at the first). */
function holdsMuted(folded: string, matcher: MuteMatcher): boolean {
  let held = false;
  eachMatchedKey(folded, matcher, () => (held = true));
  return held;
}

// A statement is given its viewer's mutes as a number (mutedWordsHandle): the keys are compiled once
// and the SQL function finds them by it at each row (a JSON array of 100 phrases, given as text, was
// converted and looked up again at every row). The last KEPT_MATCHERS are kept; a handle is taken
// just before its statement runs, and runs within the same turn of the event loop.
const KEPT_MATCHERS = 64;
const handleOf = new Map<string, number>();
const matchers = new Map<number, MuteMatcher>();
let nextHandle = 1;

/** The number by which the SQL function `holds_muted_word` finds these keys (folded, as mutes keep them). */
export function mutedWordsHandle(keys: readonly string[]): number {
  const json = JSON.stringify(keys);
  let handle = handleOf.get(json);
  if (handle !== undefined) {
    // The most recently used last: the oldest goes first.
    handleOf.delete(json);
    handleOf.set(json, handle);
    return handle;
  }
  handle = nextHandle++;
  if (handleOf.size >= KEPT_MATCHERS) {
    const [oldJson, oldHandle] = handleOf.entries().next().value!;
    handleOf.delete(oldJson);
    matchers.delete(oldHandle);
  }
  handleOf.set(json, handle);
  matchers.set(handle, muteMatcher(keys));
  return handle;
}

/** Rows tested by the SQL function since start: what a request's bound is proven by (tests, bench). */
export const mutedRowChecks = { count: 0 };

/** `holds_muted_word(folded words, handle)`, the SQL function: 1 when one of the handle's keys is in the words. */
export function holdsMutedSql(folded: unknown, handle: unknown): number {
  mutedRowChecks.count++;
  const matcher = matchers.get(Number(handle));
  if (!matcher) throw new Error(`holds_muted_word: no mutes kept as ${String(handle)}`);
  return holdsMuted(String(folded ?? ""), matcher) ? 1 : 0;
}
