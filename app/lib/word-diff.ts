// A word-level difference between two versions, for the history pages (rendered on the server as
// <ins>/<del>; React escapes every text). Longest common subsequence over words and the spaces
// between them; versions are short (a title, a 1000-character comment), so O(n·m) is fine, and a
// cap keeps an odd pair from costing much: above it the whole text is replaced.

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

const MAX_CELLS = 1_000_000;

/** Words and the whitespace runs between them, in order ('a  b' → ['a', '  ', 'b']). */
export function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** The parts that turn `before` into `after`; neighbours of one kind are merged. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart["kind"], text: string) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  if (a.length * b.length > MAX_CELLS) {
    push("removed", before);
    push("added", after);
    return parts;
  }
  // lcs[i][j]: the length of the longest common subsequence of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push("same", a[i]);
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
      push("removed", a[i++]);
    } else {
      push("added", b[j++]);
    }
  }
  while (i < a.length) push("removed", a[i++]);
  while (j < b.length) push("added", b[j++]);
  return parts;
}
