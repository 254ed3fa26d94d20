// What a member's text links to, cut by one pattern everywhere (docs/product.md §5): @mentions and
// times of the video. Browser-safe and pure: the server finds whom to notify with it, and a comment or
// a quote renders its links from the same parts (components/linked-text.tsx), each part text for
// React to escape (never HTML).
//
// - A mention is `@name` where name is a username (3–20 letters, digits, dots, underscores, hyphens; a
//   final dot ends the sentence, not the name). Not inside a word or an e-mail address: the '@' must
//   start the text or follow something that is neither a letter, a digit nor one of `_ . + -`.
// - A time is m:ss or mm:ss (minutes and seconds under 60), or h:mm:ss / hh:mm:ss (so at most
//   99:59:59): "2:31", "0:07", "1:02:03". Not inside a word, a number or a longer run of colons
//   ("a1:23", "1:23.5", "1:23:45:67"), not after `/ . ? = & # @` ("?t=1:23"), not a time of day
//   ("12:30pm", "9:15 a.m.").
// - Neither inside a link (`https://…`, `www.…` up to the next space): the link is matched first and
//   left as text.
// What may come before a mention or a time is matched (not looked behind: older Safari cannot).
const LINKED =
  /(?:https?:\/\/|www\.)\S+|(^|[^\p{L}\p{N}_.+\-@])@([A-Za-z0-9_-][A-Za-z0-9_.-]{1,18}[A-Za-z0-9_-])(?![A-Za-z0-9_@-])|(^|[^\p{L}\p{N}_:./?=&#@])(?:(\d\d?):([0-5]\d)|([0-5]?\d)):([0-5]\d)(?![\p{L}\p{N}_]|[:.,]\d|\s?[aApP]\.?[mM]\b)/gu;

/** The most times one text links (the rest stay text): a text costs at most this many time links. */
export const MAX_TIME_LINKS = 10;

/** The distinct names mentioned in `text`, lower-cased, in order of first appearance. */
export function mentionedNames(text: string): string[] {
  const seen = new Set<string>();
  for (const [, , name] of text.matchAll(LINKED)) if (name) seen.add(name.toLowerCase());
  return [...seen];
}

export type TextPart = { text: string } | { mention: string; userId: number } | { time: string; seconds: number };

/**
 * `text` cut into plain parts and links: mentions of the members in `known` (lower-cased name → id;
 * unknown names stay text) and, with `times`, its first MAX_TIME_LINKS times, each with its second.
 */
export function textParts(text: string, { known, times }: { known?: Readonly<Record<string, number>>; times?: boolean }): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  let timed = 0;
  for (const match of text.matchAll(LINKED)) {
    const [, before = "", name, beforeTime = "", hours, mm, m, ss] = match;
    const userId = name ? known?.[name.toLowerCase()] : undefined;
    const start = match.index + before.length + beforeTime.length;
    const found = match[0].slice(start - match.index);
    const part: TextPart | null =
      userId !== undefined ? { mention: found, userId }
      : ss && times && timed++ < MAX_TIME_LINKS ? { time: found, seconds: Number(hours ?? 0) * 3600 + Number(mm ?? m) * 60 + Number(ss) }
      : null;
    if (!part) continue;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push(part);
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
