// Sharing a comment: the one path behind the share dialog's form (app/routes/share.tsx) and
// POST /api/posts. The client's submission is checked with SharePostSchema (a quote typed by hand) or
// SharePickSchema (a picked YouTube comment: `youtubeCommentId` in place of text and author), the
// video and the comment are looked up by the server, and one model call stores the post. Every
// failure is a Problem for the caller's mapper (JSON status + {message}, or the dialog's field error /
// toast); too many shares or lookups is 429, a quote already on the site 409 with its post's id.
import type { PostRow } from "#db/schema.ts";
import { notFound, NOT_FOUND } from "~/lib/problem.ts";
import { SharePickSchema, SharePostSchema } from "~/rules/schemas/post-input.ts";
import { parseOrThrow } from "~/rules/schemas/parse.ts";
import { quoteKey } from "~/rules/quote-key.ts";
import { UNKNOWN_VIDEO_ID } from "~/lib/video-url.ts";
import { submitPost, type Submitted } from "../spam/submit.server.ts";
import { spendWrite } from "../spam/trust.server.ts";
import { getUserById } from "../user.server.ts";
import { refuseShared } from "./quote.server.ts";
import { lookupClient, resolveComment, resolveVideo } from "../../integrations/video-resolver.server.ts";

/** Whether a submission picks a YouTube comment (a non-empty `youtubeCommentId`) rather than typing one. */
function picksComment(submission: unknown): boolean {
  const id = (submission as { youtubeCommentId?: unknown } | null)?.youtubeCommentId;
  return id !== undefined && id !== null && id !== "";
}

export async function sharePost({ userId, ip, submission }: { userId: number; ip: string | undefined; submission: unknown }): Promise<Submitted<PostRow>> {
  const user = getUserById({ id: userId });
  if (!user) throw notFound(NOT_FOUND.user);
  // The 'post' write budget (10 shares an hour; fewer for a new account), spent before YouTube is asked anything.
  await spendWrite("post", { user, ip });
  if (picksComment(submission)) {
    const { videoId, youtubeCommentId, ...text } = parseOrThrow(SharePickSchema, submission);
    // Already on the site: refused before YouTube is asked.
    refuseShared(quoteKey({ commentId: youtubeCommentId }));
    const client = await lookupClient(user.id);
    const video = await resolveVideo(client, videoId);
    const comment = await resolveComment(client, video.videoId, youtubeCommentId);
    return submitPost(user, { ...text, ...video, ...comment });
  }
  const { videoId, ...text } = parseOrThrow(SharePostSchema, submission);
  // A quote of no known video has no key: the placeholders say nothing about which video it is.
  const key = videoId === UNKNOWN_VIDEO_ID ? null : quoteKey({ videoId, text: text.comment });
  refuseShared(key);
  const video = await resolveVideo(await lookupClient(user.id), videoId);
  // A new account's post may wait for a moderator (spam/submit.server.ts).
  return submitPost(user, { ...text, ...video, quoteKey: key });
}
