// The share dialog's action: every button of the dialog posts here with an intent, and the answer
// is a redirect back to the page under the dialog with the dialog's new state in the URL.
import { redirect } from "react-router";
import { pageAction } from "~/http/answers/page-problem.server.ts";
import { redirectLoader } from "~/http/contract.server.ts";
import { isProblem } from "~/lib/problem.ts";
import { postTitleError, SHARE_MESSAGES } from "~/rules/schemas/post-input.ts";
import { safeRedirect } from "~/lib/redirect.ts";
import {
  commentPageAnchor,
  MAX_COMMENT_PAGES,
  pageWithoutShare,
  readShareState,
  SHARE_TEXTS,
  shareHref,
  type ShareErrorCode,
  type ShareState,
} from "~/rules/share-dialog-state.ts";
import { COMMENT_ORDERS, type CommentOrder } from "~/lib/video.ts";
import { sharePost } from "~/models/post/share-post.server.ts";
import { HELD_POST_TOAST } from "~/rules/spam-rules.ts";
import { redirectWithToast } from "~/http/cookies/toast-cookie.server.ts";
import { lookupClient, lookupVideo, videoIdFromUrl } from "~/integrations/video-resolver.server.ts";
import { parseVideoStart } from "~/lib/video-url.ts";
import { parseCommentLink } from "~/lib/comment-link.ts";

export const loader = redirectLoader(() => "/?share=1");

/** The dialog the form was posted from: the page under it, its state, and the way back to it. */
function dialogOf(form: FormData) {
  const page = pageWithoutShare(new URL(safeRedirect(form.get("page"), "/"), "http://local.invalid"));
  const state = readShareState(form);
  const back = (next: Partial<ShareState>, hash = "") => shareHref(page, { ...state, errors: [], ...next }, hash);
  return { state, back };
}

// A member's: a visitor signs in and comes back to the dialog as it was; a form naming someone else
// is a plain 403 (the contract). No budget here: creating the post (`sharePost`) spends the "post"
// budget itself; the other intents only move the dialog along.
export const action = pageAction(
  { who: "member", botTrap: "honeypot" },
  async ({ user, form, context }) => {
    const { state, back } = dialogOf(form);
    const intent = String(form.get("intent") ?? "");
    const go = (next: Partial<ShareState>, hash = "") => redirect(back(next, hash), 303);

    const { values } = state;
    switch (intent) {
      case "next": {
        const errors: ShareErrorCode[] = [];
        // The member's lookup budget first: when it is spent, a toast (the dialog's loader says it in the red panel too).
        const client = await lookupClient(user.id).catch((error: unknown) => {
          if (isProblem(error)) return error;
          throw error;
        });
        if (isProblem(client)) return redirectWithToast(back({ step: 1 }), { type: "error", title: "Error", description: client.message });
        const resolved = await lookupVideo(client, values.url);
        if (!resolved.ok) errors.push("url");
        if (postTitleError(values.title)) errors.push("title");
        if (!resolved.ok || errors.length) return go({ step: 1, errors });
        // A comment's own link (&lc=) picks that comment; the loader fills its text and author by id.
        const linked = parseCommentLink(values.url)?.commentId;
        if (linked) return go({ step: 2, values: { ...values, pick: linked, text: "", author: "", find: "" }, pageTokens: [] });
        // Another video: its comment list starts again (docs/product.md §4).
        if (form.get("vid") !== resolved.video.details.id) {
          return go({ step: 2, values: { ...values, pick: "", find: "" }, pageTokens: [] });
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

    /** The one share path (POST /api/posts takes it too); its Problems become the dialog's errors. */
    async function create() {
      // A picked comment is posted by its id (its text and author are YouTube's); otherwise the typed quote.
      const submission = {
        title: values.title,
        category: values.category,
        videoId: videoIdFromUrl(values.url),
        videoStart: parseVideoStart(values.url),
        ...(values.pick ? { youtubeCommentId: values.pick } : { comment: values.text, commentAuthor: values.author }),
      };
      try {
        const { published: post, held } = await sharePost({ userId: user.id, ip: context?.clientIp, submission });
        // A new account's post that waits: back to the page under the dialog; their standing lists it.
        if (held) return redirectWithToast(pageWithoutShare(new URL(safeRedirect(form.get("page"), "/"), "http://local.invalid")), HELD_POST_TOAST);
        return redirectWithToast(`/post/${post.id}`, {
          type: "success",
          title: SHARE_TEXTS.successTitle,
          description: SHARE_TEXTS.successDescription,
        });
      } catch (error) {
        if (!isProblem(error)) console.error("share: creating the post failed:", error);
        const message = isProblem(error) ? error.message : SHARE_MESSAGES.failed;
        if (isProblem(error) && error.field === "title") return go({ step: 1, errors: ["title"] });
        if (isProblem(error) && error.field === "videoId" && error.kind === "invalid") return go({ step: 1, errors: ["url"] });
        if (message === SHARE_MESSAGES.missingFields) return go({ step: 2, errors: ["fields"] });
        // Already on the site: step 2 again, with the notice linking to that post (the loader finds it).
        if (isProblem(error) && error.kind === "conflict") return go({ step: 2, errors: ["shared"] });
        return redirectWithToast(back({ step: 2 }), { type: "error", title: "Error", description: message });
      }
    }
  },
  {
    signIn: (_request, form) => ({
      redirectTo: dialogOf(form).back({}),
      toast: { type: "error", title: SHARE_TEXTS.authTitle, description: SHARE_TEXTS.authDescription },
    }),
  },
);
