import { z } from "zod";
import { IdSchema } from "./id.ts";

export { IdSchema, parseId } from "./id.ts";

// One set of rules for the forms (client and action) and the JSON endpoints (SPEC §5, §7).

export const COMMENT_MIN = 5;
export const COMMENT_MAX = 1000;
export const REPLY_MIN = 3;
export const REPLY_MAX = 500;

export const COMMENT_TOO_SHORT = "Comment too short";
export const REPLY_TOO_SHORT = "Reply too short";
export const COMMENT_TOO_LONG = `Comment must be at most ${COMMENT_MAX} characters`;
export const REPLY_TOO_LONG = `Reply must be at most ${REPLY_MAX} characters`;

/** The messages a no-JS validation failure may carry back in the URL (anything else is ignored). */
export const COMMENT_MESSAGES: ReadonlySet<string> = new Set([COMMENT_TOO_SHORT, REPLY_TOO_SHORT, COMMENT_TOO_LONG, REPLY_TOO_LONG]);

/** Bodies may name a userId; it only has to agree with the session (403 otherwise), never decides. */
const ActingUser = { userId: IdSchema.optional() };

/** The no-JS vote form: one button per direction. */
export const VoteFormSchema = z.object({
  direction: z.enum(["up", "down"], { error: "Choose up or down" }),
});

/** POST /api/votes: exactly one of postId and commentId. */
export const VoteApiSchema = z
  .object({
    ...ActingUser,
    postId: IdSchema.optional(),
    commentId: IdSchema.optional(),
    isUpvote: z.boolean({ error: "isUpvote must be true or false" }),
  })
  .refine((v) => (v.postId === undefined) !== (v.commentId === undefined), {
    message: "Give either postId or commentId",
  });

/** The text limits of a comment or a reply: the rule is in one place for the box, the action and the API. */
export function commentLimits(isReply: boolean) {
  return isReply
    ? { min: REPLY_MIN, max: REPLY_MAX, tooShort: REPLY_TOO_SHORT, tooLong: REPLY_TOO_LONG }
    : { min: COMMENT_MIN, max: COMMENT_MAX, tooShort: COMMENT_TOO_SHORT, tooLong: COMMENT_TOO_LONG };
}

/** The message for a draft, or null when it may be posted. A blank draft is no error: it is ignored. */
export function commentError(content: string, isReply: boolean): string | null {
  const length = content.trim().length;
  const limits = commentLimits(isReply);
  if (length === 0) return null;
  if (length < limits.min) return limits.tooShort;
  if (length > limits.max) return limits.tooLong;
  return null;
}

export function isBlank(content: unknown): boolean {
  return typeof content !== "string" || content.trim().length === 0;
}

const commentFields = {
  content: z.string({ error: "Comment cannot be empty" }).trim().min(1, "Comment cannot be empty"),
  parentId: IdSchema.nullish(),
};

function checkLength(value: { content: string; parentId?: number | null }, ctx: z.RefinementCtx) {
  const message = commentError(value.content, value.parentId != null);
  if (message) ctx.addIssue({ code: "custom", message, path: ["content"] });
}

/** The comment and reply box (parentId set for a reply). */
export const CommentFormSchema = z.object(commentFields).superRefine(checkLength);

/** POST /api/comments. */
export const CommentApiSchema = z
  .object({ ...ActingUser, ...commentFields, postId: IdSchema })
  .superRefine(checkLength);

/** The no-JS save button says which way it goes. */
export const SaveFormSchema = z.object({ intent: z.enum(["save", "unsave"], { error: "Choose save or unsave" }) });

/** The /notifications page's forms. */
export const NotificationFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.literal("read"), id: IdSchema }),
  z.object({ intent: z.literal("open"), id: IdSchema }),
]);
