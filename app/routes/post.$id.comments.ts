import { redirect } from "react-router";
import type { Route } from "./+types/post.$id.comments";
import { createComment } from "~/models/comment.server.ts";
import type { CommentView } from "~/lib/types.ts";
import { requireId } from "~/lib/schemas/id.ts";
import { commentLimits, isBlank } from "~/lib/comment-rules.ts";
import { CommentFormSchema } from "~/lib/schemas/interact.ts";
import { parseOrThrow } from "~/lib/schemas/parse.ts";
import { interactionAction, requireActor, succeed } from "~/http/form-action.server.ts";

// POST /post/:id/comments: a comment, or a reply when parentId is set. Blank is ignored.
// Without JS a too-short draft comes back through the URL (?commentError, ?draft, ?replyTo) so the
// box re-renders open with its message.

export type CommentPayload = { comment?: CommentView; ignored?: boolean };

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/post/${encodeURIComponent(params.id)}#comments`);
}

export const action = interactionAction<{ id?: string }>(
  (params) => `/post/${params.id}`,
  async (ctx, params) => {
    const content = ctx.form.get("content");
    const parentRaw = ctx.form.get("parentId");
    const parentId = typeof parentRaw === "string" && parentRaw !== "" ? parentRaw : null;
    const isReply = parentId !== null;
    ctx.anchor = isReply ? `comment-${parentId}` : "comments";
    ctx.failTitle = isReply ? "Failed to post reply" : "Failed to post comment";
    // Whatever goes wrong (a rule, the write limit), the draft comes back with its box when it fits.
    const draft = typeof content === "string" ? content : "";
    ctx.failParams = { ...(draft.length <= commentLimits(isReply).max ? { draft } : {}), ...(isReply ? { replyTo: parentId } : {}) };
    const user = await requireActor(ctx);
    const postId = requireId(params.id, "Post not found");
    if (isBlank(content)) return succeed<CommentPayload>(ctx, { payload: { ignored: true } });

    let input;
    try {
      input = parseOrThrow(CommentFormSchema, { content, parentId });
    } catch (error) {
      // The box shows the rule's message (only our own messages are read back from the URL).
      if (error instanceof Error) ctx.failParams.commentError = error.message;
      throw error;
    }
    const comment = createComment({ userId: user.id, postId, content: input.content, parentId: input.parentId ?? null });
    return succeed<CommentPayload>(ctx, {
      anchor: `comment-${comment.id}`,
      toast: { type: "success", title: isReply ? "Reply posted!" : "Comment posted!" },
      payload: { comment },
    });
  },
  { limit: "comment" },
);
