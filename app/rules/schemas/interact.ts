import { z } from "zod";
import { commentError } from "../comment-rules.ts";
import { IdSchema } from "./id-field.ts";
import { NO_VOTE } from "../interactions/vote.ts";
import { WATCH_INTENTS } from "../interactions/watch.ts";
import { delegating, textField } from "./text-fields.ts";
import { isBlank } from "../comment-rules.ts";

// One set of rules for the forms (client and action) and the JSON endpoints (docs/product.md §5, §7).

/** Bodies may name a userId; it only has to agree with the session (403 otherwise), never decides. */
const ActingUser = { userId: IdSchema.optional() };

/**
 * The vote form: one button per direction, and the vote its voter saw when pressing (`seen`, "none"
 * for no vote; without it the vote as it stands counts: see `voteChange`).
 */
export const VoteFormSchema = z.object({
  direction: z.enum(["up", "down"], { error: "Choose up or down" }),
  seen: z
    .enum(["up", "down", NO_VOTE], { error: "Choose up or down" })
    .optional()
    .transform((seen) => (seen === NO_VOTE ? null : seen)),
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

const commentFields = {
  content: textField({ type: "Comment cannot be empty", required: "Comment cannot be empty" }),
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

/**
 * An edit of a comment or reply (its form and PATCH /api/comments/:id). Its length is checked by the
 * model with commentError, since only the comment knows whether it is a reply.
 */
export const CommentEditSchema = z.object({ ...ActingUser, content: commentFields.content });

/** The no-JS save button says which way it goes. */
export const SaveFormSchema = z.object({ intent: z.enum(["save", "unsave"], { error: "Choose save or unsave" }) });

/** Following a post or the replies to a comment: the no-JS button says which way it goes. */
export const WatchFormSchema = z.object({ intent: z.enum(WATCH_INTENTS, { error: "Choose follow or unfollow" }) });

/** The /notifications page's forms. */
export const NotificationFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read-all") }),
  z.object({ intent: z.literal("read"), id: IdSchema }),
  z.object({ intent: z.literal("open"), id: IdSchema }),
]);

/**
 * The comment box as its form sends it (POST /post/:id/comments): blank text is nothing to post
 * (null: the form is ignored, not refused) and an empty parentId is no parent; anything else is
 * CommentFormSchema's, with its messages.
 */
export const CommentBoxFormSchema = delegating(
  z.object({ content: z.unknown().optional(), parentId: z.unknown().optional() }).transform((fields, ctx) => {
    if (isBlank(fields.content)) return null;
    const parsed = CommentFormSchema.safeParse({ content: fields.content, parentId: fields.parentId === "" ? null : fields.parentId });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  }),
  CommentFormSchema,
);

/** The notifications page's forms (read-all, read, open): any malformed form is the one generic message. */
export const NotificationPageFormSchema = delegating(
  z.unknown().transform((value, ctx) => {
    const parsed = NotificationFormSchema.safeParse(value);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: "Something went wrong. Please try again." });
    return z.NEVER;
  }),
  NotificationFormSchema,
);
