// @mentions in a comment (docs/product.md §5): `@name` where name is a username (3–20 letters,
// digits, dots, underscores, hyphens; a final dot ends the sentence, not the name). Not inside a word or an e-mail address: the '@' must start the
// text or follow something that is neither a letter, a digit nor one of `_ . + -`. Browser-safe: the
// server finds whom to notify with it, and the comment renders its links from the same parts.

const MENTION = /(^|[^\p{L}\p{N}_.+\-@])@([A-Za-z0-9_-][A-Za-z0-9_.-]{1,18}[A-Za-z0-9_-])(?![A-Za-z0-9_@-])/gu;

/** The distinct names mentioned in `text`, lower-cased, in order of first appearance. */
export function mentionedNames(text: string): string[] {
  const seen = new Set<string>();
  for (const match of text.matchAll(MENTION)) seen.add(match[2].toLowerCase());
  return [...seen];
}

export type TextPart = { text: string } | { mention: string; userId: number };

/**
 * The text cut into plain parts and mentions of known members (`known`: lower-cased name → id).
 * Unknown names stay plain text.
 */
export function mentionParts(text: string, known: Readonly<Record<string, number>>): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(MENTION)) {
    const userId = known[match[2].toLowerCase()];
    if (userId === undefined) continue;
    const start = match.index + match[1].length;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ mention: `@${match[2]}`, userId });
    at = start + 1 + match[2].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
