// Where a post's quote comes from, in the words every place that shows it uses (the card, the feeds):
// YouTube's comment (its link, likes and date there), one YouTube no longer has, or one typed by hand.
// Apart from rules/post-rules.ts: the cards would carry the share flow's texts.
import { formatCount } from "./format.ts";

/** The label of a quote typed or pasted by hand: no YouTube comment behind it. */
export const ENTERED_BY_HAND = "entered by hand";
/** The label of a quote whose comment (or video) YouTube no longer has: no link, no numbers. */
export const NO_LONGER_ON_YOUTUBE = "no longer on YouTube";
/** The link to the comment itself. */
export const FROM_YOUTUBE = "from YouTube";

/** "1.2K likes on YouTube". */
export function youtubeLikes(count: number): string {
  return `${formatCount(count)} like${count === 1 ? "" : "s"} on YouTube`;
}
