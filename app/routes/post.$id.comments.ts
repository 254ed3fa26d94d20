import type { Route } from "./+types/post.$id.comments";
import { submitComment } from "~/models/spam/submit.server.ts";
import { HELD_COMMENT_TOAST } from "~/rules/spam-rules.ts";
import { requireId } from "~/rules/schemas/id-field.ts";
import { commentAnchor, commentDraft, commentFailTitle, commentKeptOnFailure, commentToastTitle, replyTarget, type CommentPayload } from "~/rules/interactions/comment.ts";
import { CommentBoxFormSchema } from "~/rules/schemas/interact.ts";
import { interactionAction, succeed } from "~/http/answers/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { NOT_FOUND } from "~/lib/problem.ts";

// POST /post/:id/comments: a comment, or a reply when parentId is set. Blank is ignored.
// Without JS a failed comment comes back to its box: its reply target and message through the URL
// (?replyTo, ?commentError, as `keepOnFailure` declares), its text by a flash cookie (`draftOnFailure`).

export const loader = redirectLoader(({ params }) => `/post/${encodeURIComponent(params.id ?? "")}#comments`);

export const action = interactionAction(
  { who: "member", budget: "comment", input: CommentBoxFormSchema, botTrap: "honeypot" },
  (params: Route.ActionArgs["params"]) => `/post/${params.id}`,
  async (ctx, params) => {
    const postId = requireId(params.id, NOT_FOUND.post);
    // Blank text (CommentBoxFormSchema's null) posts nothing.
    if (ctx.input === null) return succeed<CommentPayload>(ctx, { payload: { ignored: true } });
    const parentId = ctx.input.parentId ?? null;
    const { published: comment, held } = await submitComment(ctx.user, { postId, content: ctx.input.content, parentId });
    // A new account's comment that waits for a moderator: its author sees it marked on the post page.
    if (held) return succeed<CommentPayload>(ctx, { anchor: `held-${held.id}`, toast: HELD_COMMENT_TOAST, payload: { held: true } });
    return succeed<CommentPayload>(ctx, {
      anchor: `comment-${comment.id}`,
      toast: { type: "success", title: commentToastTitle(parentId !== null) },
      payload: { comment },
    });
  },
  {
    anchor: (form) => commentAnchor(replyTarget(form)),
    failTitle: (form) => commentFailTitle(replyTarget(form)),
    keepOnFailure: commentKeptOnFailure,
    draftOnFailure: (form, params) => {
      const draft = commentDraft(form);
      const postId = Number(params.id);
      return draft && Number.isSafeInteger(postId) ? { postId, ...draft } : null;
    },
  },
);
