// What makes two posts the same quote (decision 0153): the one key the unique index holds.
import { cleanText } from "../lib/text.ts";

/** The text of a quote as the key compares it: the one text normaliser, then case and white space folded. */
export function normalisedQuote(text: string): string {
  return cleanText(text).toLocaleLowerCase("en").replace(/\s+/g, " ").trim();
}

/** "c:{commentId}" for a picked YouTube comment, "t:{videoId}:{normalised text}" for one typed by hand. */
export function quoteKey(quote: { commentId: string } | { videoId: string; text: string }): string {
  return "commentId" in quote ? `c:${quote.commentId}` : `t:${quote.videoId}:${normalisedQuote(quote.text)}`;
}
