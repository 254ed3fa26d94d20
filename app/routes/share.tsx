// The share dialog's action: every button of the dialog posts here with an intent, and the answer
// is a redirect back to the page under the dialog with the dialog's new state in the URL.
import { redirect } from "react-router";
import type { Route } from "./+types/share";
import { CreatePostSchema, SHARE_MESSAGES } from "~/lib/schemas/post.ts";
import {
  commentPageAnchor,
  MAX_COMMENT_PAGES,
  pageWithoutShare,
  readShareState,
  SHARE_TEXTS,
  shareHref,
  type ShareErrorCode,
  type ShareState,
} from "~/lib/share.ts";
import { COMMENT_ORDERS, type CommentOrder } from "~/lib/video.ts";
import { createPost } from "~/models/post-write.server.ts";
import { resolveShareVideo } from "~/services/share-dialog.server.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import { getUser } from "~/services/session.server.ts";
import { redirectWithToast } from "~/services/toast.server.ts";

export function loader() {
  return redirect("/?share=1");
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const page = pageWithoutShare(new URL(safeRedirect(form.get("page"), "/"), "http://local.invalid"));
  const state = readShareState(form);
  const intent = String(form.get("intent") ?? "");
  const back = (next: Partial<ShareState>, hash = "") => shareHref(page, { ...state, errors: [], ...next }, hash);
  const go = (next: Partial<ShareState>, hash = "") => redirect(back(next, hash), 303);

  const user = await getUser(request);
  if (!user) {
    const redirectTo = back({});
    return redirectWithToast(`/auth?${new URLSearchParams({ redirectTo })}`, {
      type: "error",
      title: SHARE_TEXTS.authTitle,
      description: SHARE_TEXTS.authDescription,
    });
  }

  const userId = user.id;
  const { values } = state;
  switch (intent) {
    case "next": {
      const errors: ShareErrorCode[] = [];
      const resolved = await resolveShareVideo(values.url);
      if (!resolved.ok) errors.push("url");
      if (!values.title.trim()) errors.push("title");
      if (!resolved.ok || errors.length) return go({ step: 1, errors });
      // Another video: its comment list starts again (SPEC §4).
      if (form.get("vid") !== resolved.video.details.id) {
        return go({ step: 2, values: { ...values, pick: "" }, pageTokens: [] });
      }
      return go({ step: 2 });
    }
    case "back":
      return go({ step: 1 });
    case "pick":
      // Without JavaScript: the loader fills text and author from the picked comment.
      return go({ step: 2, values: values.pick ? { ...values, text: "", author: "" } : values });
    case "clear":
      return go({ step: 2, values: { ...values, pick: "", text: "", author: "" } });
    case "load-more": {
      const token = String(form.get("nextPageToken") ?? "").slice(0, 300);
      if (!token || state.pageTokens.length >= MAX_COMMENT_PAGES - 1) return go({ step: 2 });
      const pageTokens = [...state.pageTokens, token];
      return go({ step: 2, pageTokens }, `#${commentPageAnchor(pageTokens.length)}`);
    }
    case "create":
      return create();
    default: {
      const order = intent.startsWith("sort:") ? intent.slice(5) : "";
      if ((COMMENT_ORDERS as readonly string[]).includes(order)) {
        return go({ step: 2, values: { ...values, order: order as CommentOrder, pick: "" }, pageTokens: [] });
      }
      return go({});
    }
  }

  async function create() {
    if (![values.title, values.text, values.author, values.category].every((v) => v.trim())) {
      return go({ step: 2, errors: ["fields"] });
    }
    const resolved = await resolveShareVideo(values.url);
    if (!resolved.ok) return go({ step: 1, errors: ["url"] });
    const { details } = resolved.video;
    const parsed = CreatePostSchema.safeParse({
      title: values.title,
      comment: values.text,
      commentAuthor: values.author,
      category: values.category,
      videoId: details.id,
      videoTitle: details.title,
      videoChannel: details.channelTitle,
      videoThumbnail: details.thumbnail,
      videoViewCount: details.viewCount,
      videoPublishedAt: details.publishedAt,
    });
    const failed = (description: string) =>
      redirectWithToast(back({ step: 2 }), { type: "error", title: "Error", description });
    if (!parsed.success) return failed(parsed.error.issues[0]?.message ?? SHARE_MESSAGES.failed);
    let postId: number;
    try {
      postId = createPost({ userId, ...parsed.data }).id;
    } catch (error) {
      console.error("share: creating the post failed:", error);
      return failed(SHARE_MESSAGES.failed);
    }
    return redirectWithToast(`/post/${postId}`, {
      type: "success",
      title: SHARE_TEXTS.successTitle,
      description: SHARE_TEXTS.successDescription,
    });
  }
}
