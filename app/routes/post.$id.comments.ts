import { redirect } from "react-router";
import type { Route } from "./+types/post.$id.comments";
import { createComment } from "~/models/comment.server.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { isBlank } from "~/lib/comment-rules.ts";
import {
  commentAnchor,
  commentDraft,
  commentFailTitle,
  commentKeptOnFailure,
  commentToastTitle,
  replyTarget,
  type CommentPayload,
} from "~/lib/interactions/comment.ts";
import { CommentFormSchema } from "~/lib/schemas/interact.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /post/:id/comments: a comment, or a reply when parentId is set. Blank is ignored.
// Without JS a failed comment comes back to its box: its reply target and message through the URL
// (?replyTo, ?commentError, as `keepOnFailure` declares), its text by a flash cookie (`draftOnFailure`).

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/post/${encodeURIComponent(params.id)}#comments`);
}

export const action = interactionAction<{ id?: string }>(
  (params) => `/post/${params.id}`,
  async (ctx, params) => {
    const content = ctx.form.get("content");
    const user = await requireActor(ctx);
    const postId = requireId(params.id, "Post not found");
    if (isBlank(content)) return succeed<CommentPayload>(ctx, { payload: { ignored: true } });
    const input = parseOrThrow(CommentFormSchema, { content, parentId: replyTarget(ctx.form) });
    const parentId = input.parentId ?? null;
    const comment = createComment({ userId: user.id, postId, content: input.content, parentId });
    return succeed<CommentPayload>(ctx, {
      anchor: `comment-${comment.id}`,
      toast: { type: "success", title: commentToastTitle(parentId !== null) },
      payload: { comment },
    });
  },
  {
    limit: "comment",
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
