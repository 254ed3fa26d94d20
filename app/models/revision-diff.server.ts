import { diffWordsWithSpace } from "diff";
import type { DiffPart } from "~/rules/edit-rules.ts";

// How a revision keeps what the edit that replaced it changed (revisions.diff, decision 0068): worked
// out once, when the edit is written, as runs of lengths, and cut back into words from the two
// versions' own texts when a history page shows them.

export type FieldName = "title" | "category" | "commentAuthor" | "content";
export type Texts = Partial<Record<FieldName, string>>;

// Above this many tokens changed (words, spaces, punctuation: about 50 words) the difference is shown
// as the whole text replaced: jsdiff stops early (its cost is about the texts' length times this: two
// different 1,000-character texts 0.8 ms of CPU, 2.8 ms at 200; a small edit 0.07 ms), and so many runs
// would not read as a difference anyway. The stored runs stay a few hundred bytes at most.
const MAX_EDIT_LENGTH = 100;
const MAX_RUNS = 120;
/** The stored difference when there is none to show (a redacted version on either side). */
export const NOTHING_TO_SHOW = "{}";

/**
 * What turns `before` into `after`, as runs of kept (=), removed (-) and added (+) text by their
 * length in UTF-16 units: "=4-5+4=10". Only lengths: the words are the versions' own, so a stored
 * difference repeats no text and a redaction leaves none of it behind.
 */
function changeOf(before: string, after: string): string {
  const changes = before === after ? [{ value: before, added: false, removed: false }] : diffWordsWithSpace(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  const runs: [string, number][] = [];
  for (const change of changes ?? []) {
    const kind = change.added ? "+" : change.removed ? "-" : "=";
    const last = runs.at(-1);
    if (!change.value) continue;
    if (last?.[0] === kind) last[1] += change.value.length;
    else runs.push([kind, change.value.length]);
  }
  if (!changes || runs.length > MAX_RUNS) return (before ? `-${before.length}` : "") + (after ? `+${after.length}` : "");
  return runs.map(([kind, length]) => `${kind}${length}`).join("");
}

/** The stored difference between two versions of an item: each field's runs (revisions.diff). */
export function storedChange(before: Texts, after: Texts): string {
  return JSON.stringify(Object.fromEntries(Object.entries(after).map(([name, text]) => [name, changeOf(before[name as FieldName] ?? "", text ?? "")])));
}

/** The runs cut from the two texts; null when they do not fit them (a text changed some other way). */
export function partsOf(runs: string | undefined, before: string, after: string): DiffPart[] | null {
  if (runs === undefined) return null;
  const parts: DiffPart[] = [];
  let a = 0;
  let b = 0;
  for (const [, kind, digits] of runs.matchAll(/([=+-])(\d+)/g)) {
    const n = Number(digits);
    if (kind === "+") {
      parts.push({ kind: "added", text: after.slice(b, b + n) });
      b += n;
    } else if (kind === "-") {
      parts.push({ kind: "removed", text: before.slice(a, a + n) });
      a += n;
    } else {
      const text = after.slice(b, b + n);
      if (before.slice(a, a + n) !== text) return null;
      parts.push({ kind: "same", text });
      a += n;
      b += n;
    }
  }
  return a === before.length && b === after.length ? parts : null;
}
