import { cleanText, isInvisible, visibleLength } from "../lib/text.ts";

// The rules of a comment and a reply (docs/product.md §5, §9), without zod: the comment box in the browser
// checks them as you type, and CommentFormSchema / CommentApiSchema check them on the server.

const COMMENT_MIN = 5;
const COMMENT_MAX = 1000;
const REPLY_MIN = 3;
const REPLY_MAX = 500;

const COMMENT_TOO_SHORT = "Comment too short";
const REPLY_TOO_SHORT = "Reply too short";
const COMMENT_TOO_LONG = `Comment must be at most ${COMMENT_MAX} characters`;
const REPLY_TOO_LONG = `Reply must be at most ${REPLY_MAX} characters`;

/** The messages a no-JS validation failure may carry back in the URL (anything else is ignored). */
export const COMMENT_MESSAGES: ReadonlySet<string> = new Set([COMMENT_TOO_SHORT, REPLY_TOO_SHORT, COMMENT_TOO_LONG, REPLY_TOO_LONG]);

/** The text limits of a comment or a reply: the rule is in one place for the box, the action and the API. */
export function commentLimits(isReply: boolean) {
  return isReply
    ? { min: REPLY_MIN, max: REPLY_MAX, tooShort: REPLY_TOO_SHORT, tooLong: REPLY_TOO_LONG }
    : { min: COMMENT_MIN, max: COMMENT_MAX, tooShort: COMMENT_TOO_SHORT, tooLong: COMMENT_TOO_LONG };
}

/**
 * The message for a draft, or null when it may be posted. A blank draft (nothing visible) is no
 * error: it is ignored. Lengths count the characters a person sees (app/lib/text.ts).
 */
export function commentError(content: string, isReply: boolean): string | null {
  const length = isBlank(content) ? 0 : visibleLength(cleanText(content));
  const limits = commentLimits(isReply);
  if (length === 0) return null;
  if (length < limits.min) return limits.tooShort;
  if (length > limits.max) return limits.tooLong;
  return null;
}

/** Nothing a person would see: not text, empty, or only spaces and invisible characters. */
export function isBlank(content: unknown): boolean {
  return typeof content !== "string" || isInvisible(cleanText(content));
}
