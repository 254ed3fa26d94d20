import type { Route } from "./+types/post.$id.comments";
import { createComment } from "~/models/comment.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import {
  commentAnchor,
  commentDraft,
  commentFailTitle,
  commentKeptOnFailure,
  commentToastTitle,
  replyTarget,
  type CommentPayload,
} from "~/lib/interactions/comment.ts";
import { CommentBoxFormSchema } from "~/lib/schemas/interact.ts";
import { interactionAction, succeed } from "~/http/form-action.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";

// POST /post/:id/comments: a comment, or a reply when parentId is set. Blank is ignored.
// Without JS a failed comment comes back to its box: its reply target and message through the URL
// (?replyTo, ?commentError, as `keepOnFailure` declares), its text by a flash cookie (`draftOnFailure`).

export const loader = redirectLoader(({ params }) => `/post/${encodeURIComponent(params.id ?? "")}#comments`);

export const action = interactionAction(
  { who: "member", budget: "comment", input: CommentBoxFormSchema, botTrap: "honeypot" },
  (params: Route.ActionArgs["params"]) => `/post/${params.id}`,
  async (ctx, params) => {
    const postId = requireId(params.id, "Post not found");
    // Blank text (CommentBoxFormSchema's null) posts nothing.
    if (ctx.input === null) return succeed<CommentPayload>(ctx, { payload: { ignored: true } });
    const parentId = ctx.input.parentId ?? null;
    const comment = createComment({ userId: ctx.user.id, postId, content: ctx.input.content, parentId });
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
