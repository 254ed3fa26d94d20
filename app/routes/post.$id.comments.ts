import { redirect } from "react-router";
import type { Route } from "./+types/post.$id.comments";
import { createComment } from "~/models/comment.server.ts";
import type { CommentView } from "~/lib/types.ts";
import { commentLimits, CommentFormSchema, isBlank, parseId } from "~/lib/schemas/interact.ts";
import { fail, interactionAction, requireActor, succeed } from "~/services/interact.server.ts";

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
    const anchor = isReply ? `comment-${parentId}` : "comments";
    const user = await requireActor(ctx, anchor);
    const failTitle = isReply ? "Failed to post reply" : "Failed to post comment";
    const postId = parseId(params.id);
    if (postId === null) return fail(ctx, { status: 404, anchor, toast: { type: "error", title: failTitle, description: "Post not found" } });
    if (isBlank(content)) return succeed<CommentPayload>(ctx, { anchor, payload: { ignored: true } });

    const parsed = CommentFormSchema.safeParse({ content, parentId });
    if (!parsed.success) {
      const message = parsed.error.issues[0].message;
      const draft = String(content);
      const params: Record<string, string> = { commentError: message };
      if (draft.length <= commentLimits(isReply).max) params.draft = draft;
      if (isReply) params.replyTo = parentId;
      return fail(ctx, { status: 400, anchor, params, toast: { type: "error", title: failTitle, description: message } });
    }
    const result = createComment({ userId: user.id, postId, content: parsed.data.content, parentId: parsed.data.parentId ?? null });
    if (!result.ok) {
      const description = result.reason === "post_not_found" ? "Post not found" : "Comment not found";
      return fail(ctx, { status: 404, anchor, toast: { type: "error", title: failTitle, description } });
    }
    return succeed<CommentPayload>(ctx, {
      anchor: `comment-${result.comment.id}`,
      toast: { type: "success", title: isReply ? "Reply posted!" : "Comment posted!" },
      payload: { comment: result.comment },
    });
  },
);
